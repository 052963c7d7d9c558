import { relative } from 'node:path';
import { displayFile, summarize } from './report.ts';
import type { LinkReport } from './types.ts';

/** Version of the JSON report layout; bumped only on incompatible changes (README.md). */
export const jsonSchemaVersion = 1;

/** Machine-readable report with a stable layout, documented in README.md. */
export function formatJson(report: LinkReport, cwd: string): string {
  const { broken, warnings, filesWithErrors } = summarize(report);
  return JSON.stringify(
    {
      schemaVersion: jsonSchemaVersion,
      siteDir: relative(cwd, report.siteDir) || '.',
      manifest: report.manifest,
      summary: {
        broken,
        warnings,
        filesWithErrors,
        checked: report.checked,
        files: report.files,
        pages: report.pages,
        externalSkipped: report.externalSkipped,
        ignored: report.ignored,
        durationMs: report.durationMs,
      },
      findings: report.findings.map((f) => ({
        kind: f.kind,
        code: f.code,
        severity: f.severity,
        page: f.page,
        file: f.file,
        path: displayFile(report, f.file, cwd),
        line: f.line,
        column: f.column,
        attribute: f.attribute,
        href: f.href,
        target: f.target,
        reason: f.reason,
        suggestion: f.suggestion,
        origin: f.origin,
        landmark: f.landmark,
        affectedPages: f.affectedPages,
        pages: f.pages,
      })),
    },
    null,
    2,
  );
}
