import { safeLine } from './escape-output.ts';
import { sourceOf } from './findings.ts';
import { describeProblem, describeSpread, displayFile, displayLocation, summaryLine } from './report.ts';
import type { LinkFinding, LinkReport } from './types.ts';

/**
 * Human-readable report: one group per source (the origin file when the manifest names it,
 * else the built file), one `path:line:col  attribute "href" reason` row per finding, a summary.
 */
export function formatText(report: LinkReport, cwd: string): string {
  const lines = groupedRows(report, report.findings, cwd);
  if (report.externalSkipped > 0) lines.push(`${report.externalSkipped} external links not checked (use --external)`);
  lines.push(summaryLine(report));
  return lines.join('\n');
}

/**
 * The warnings of a report (links to a redirect), grouped as `formatText` groups them: the first
 * `limit`, then how many more there are. What a build that publishes its output prints, so that a
 * warning is read where it is counted.
 */
export function formatLinkWarnings(report: LinkReport, cwd: string, limit: number): string {
  const warnings = report.findings.filter((finding) => finding.severity === 'warning');
  const shown = warnings.slice(0, limit);
  const more = warnings.length - shown.length;
  return [
    `Link warnings (${warnings.length}; the output is published, and these links work through a detour):`,
    ...groupedRows(report, shown, cwd),
    ...(more > 0
      ? [`… and ${more} more: sitegen check-links ${safeLine(displayFile(report, '', cwd)) || '.'} lists every one`, '']
      : []),
  ].join('\n');
}

/**
 * One group per source, each row escaped on its own (`safeLine`), with an empty line after each
 * group. Rows are appended one by one: a spread of 200,000 rows into `push` would overflow the stack.
 */
function groupedRows(report: LinkReport, findings: readonly LinkFinding[], cwd: string): string[] {
  const groups = new Map<string, string[]>();
  for (const finding of findings) {
    const source = finding.origin ? sourceOf(finding) : displayFile(report, finding.file, cwd);
    let rows = groups.get(source);
    if (!rows) groups.set(source, (rows = []));
    const severity = finding.severity === 'warning' ? 'warning  ' : '';
    rows.push(
      `  ${displayLocation(report, finding, cwd)}  ${severity}${finding.attribute} ${JSON.stringify(finding.href)} ${describeProblem(finding)}`,
    );
    const spread = describeSpread(finding);
    if (spread) rows.push(`    ${spread}`);
  }
  const lines: string[] = [];
  for (const [source, rows] of groups) {
    lines.push(safeLine(source));
    for (const row of rows) lines.push(safeLine(row));
    lines.push('');
  }
  return lines;
}
