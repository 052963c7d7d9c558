import { isAbsolute, join, relative } from 'node:path';
import { sourceOf } from './findings.ts';
import type { LinkFinding, LinkOrigin, LinkReport } from './types.ts';

/** Output formats of `formatReport`. */
export const reportFormats = ['text', 'json', 'github', 'junit'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** Path of a finding's built file as the user typed the folder: `dist/about/index.html`. */
export function displayFile(report: LinkReport, file: string, cwd: string): string {
  const absolute = join(report.siteDir, file);
  const path = relative(cwd, absolute);
  return path.startsWith('..') || isAbsolute(path) ? absolute : path;
}

/** `dist/about/index.html:12:5` for a finding. */
export const displayLocation = (report: LinkReport, finding: LinkFinding, cwd: string): string =>
  `${displayFile(report, finding.file, cwd)}:${finding.line}:${finding.column}`;

/** `no such page — did you mean /x?`, phrased for the kind of finding. */
export function describeProblem(finding: LinkFinding): string {
  if (finding.suggestion === undefined) return finding.reason;
  if (finding.kind === 'redirect-hint') return `${finding.reason} — link there directly`;
  if (finding.code === 'links.redirect-chain') return `${finding.reason} — point it straight at ${finding.suggestion}`;
  return `${finding.reason} — did you mean ${finding.suggestion}?`;
}

/** `content/posts/a.md:14:3` or `content/data/navigation.json: footer.columns[0].links[3].href`. */
export function describeOrigin(origin: LinkOrigin): string {
  const position = origin.line ? `:${origin.line}${origin.column ? `:${origin.column}` : ''}` : '';
  return `${origin.file}${position}${origin.field ? `: ${origin.field}` : ''}`;
}

/** `(layout, 28 pages)` / `in <footer> on 28 pages`: how widely a merged finding applies. */
export function describeSpread(finding: LinkFinding): string | undefined {
  const pages = finding.affectedPages ?? 1;
  const count = pages > 1 ? `${pages} pages` : undefined;
  if (finding.origin)
    return `from ${describeOrigin(finding.origin)} (${[finding.origin.kind, count].filter(Boolean).join(', ')})`;
  if (finding.landmark && count) return `in <${finding.landmark}> on ${count}`;
  return undefined;
}

/** Counts behind the summary line. */
export function summarize(report: LinkReport) {
  const errors = report.findings.filter((f) => f.severity === 'error');
  return {
    broken: errors.length,
    warnings: report.findings.length - errors.length,
    filesWithErrors: new Set(errors.map(sourceOf)).size,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `N broken links in M files, K checked in T ms`, plus warnings when there are any. */
export function summaryLine(report: LinkReport): string {
  const { broken, warnings, filesWithErrors } = summarize(report);
  const line = `${plural(broken, 'broken link')} in ${plural(filesWithErrors, 'file')}, ${report.checked} checked in ${report.durationMs} ms`;
  return warnings ? `${line} (${plural(warnings, 'warning')})` : line;
}
