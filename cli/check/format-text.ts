import { safeLine } from './escape-output.ts';
import { sourceOf } from './findings.ts';
import { describeProblem, describeSpread, displayFile, displayLocation, summaryLine } from './report.ts';
import type { LinkReport } from './types.ts';

/**
 * Human-readable report: one group per source (the origin file when the manifest names it,
 * else the built file), one `path:line:col  attribute "href" reason` row per finding, a summary.
 * Each line is escaped on its own (`safeLine`), and rows are appended one by one: a spread of
 * 200,000 rows into `push` would overflow the stack.
 */
export function formatText(report: LinkReport, cwd: string): string {
  const groups = new Map<string, string[]>();
  for (const finding of report.findings) {
    const source = finding.origin ? sourceOf(finding) : displayFile(report, finding.file, cwd);
    let rows = groups.get(source);
    if (!rows) groups.set(source, (rows = []));
    const severity = finding.severity === 'warning' ? 'warning  ' : '';
    rows.push(`  ${displayLocation(report, finding, cwd)}  ${severity}${finding.attribute} ${JSON.stringify(finding.href)} ${describeProblem(finding)}`);
    const spread = describeSpread(finding);
    if (spread) rows.push(`    ${spread}`);
  }
  const lines: string[] = [];
  for (const [source, rows] of groups) {
    lines.push(safeLine(source));
    for (const row of rows) lines.push(safeLine(row));
    lines.push('');
  }
  if (report.externalSkipped > 0) lines.push(`${report.externalSkipped} external links not checked (use --external)`);
  lines.push(summaryLine(report));
  return lines.join('\n');
}
