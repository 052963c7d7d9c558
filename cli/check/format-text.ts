import { sourceOf } from './findings.ts';
import { describeProblem, describeSpread, displayFile, displayLocation, summaryLine } from './report.ts';
import type { LinkReport } from './types.ts';

/**
 * Human-readable report: one group per source (the origin file when the manifest names it,
 * else the built file), one `path:line:col  attribute "href" reason` row per finding, a summary.
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
  for (const [source, rows] of groups) lines.push(source, ...rows, '');
  if (report.externalSkipped > 0) lines.push(`${report.externalSkipped} external links not checked (use --external)`);
  lines.push(summaryLine(report));
  return lines.join('\n');
}
