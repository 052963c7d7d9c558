import { printable } from './escape-output.ts';
import { describeProblem, describeSpread, displayFile, displayLocation, summaryLine } from './report.ts';
import type { LinkFinding, LinkReport } from './types.ts';

// The runner decodes %25, %0D and %0A (and %3A, %2C in properties); any other control is escaped
// visibly, so nothing in a file name or href can end the line or the command section early.
const escapeData = (s: string) => printable(s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
const titles: Record<LinkFinding['kind'], string> = {
  'broken-link': 'Broken link',
  'redirect-error': 'Broken redirect',
  'redirect-hint': 'Link to a redirect',
  'site-file': 'Site file not read',
};

/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`). The annotation points at
 * the source file when the manifest names one, so it lands where an author edits.
 */
export function formatGithub(report: LinkReport, cwd: string): string {
  const lines = report.findings.map((finding) => {
    const { origin } = finding;
    const properties: [string, string | number | undefined][] = origin
      ? [
          ['file', origin.file],
          ['line', origin.line],
          ['col', origin.line ? origin.column : undefined],
        ]
      : [
          ['file', displayFile(report, finding.file, cwd)],
          ['line', finding.line],
          ['col', finding.column],
        ];
    properties.push(['title', titles[finding.kind]]);
    const where = [displayLocation(report, finding, cwd), describeSpread(finding)].filter(Boolean).join(', ');
    const message = `${finding.attribute} ${JSON.stringify(finding.href)}: ${describeProblem(finding)} (${where})`;
    const command = finding.severity === 'error' ? 'error' : 'warning';
    const list = properties
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
    return `::${command} ${list.join(',')}::${escapeData(message)}`;
  });
  lines.push(summaryLine(report));
  return lines.join('\n');
}
