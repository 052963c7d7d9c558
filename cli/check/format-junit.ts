import { sourceOf } from './findings.ts';
import { describeProblem, describeSpread, displayFile, displayLocation, summarize, summaryLine } from './report.ts';
import type { LinkFinding, LinkReport } from './types.ts';

// XML 1.0 cannot carry most control characters, lone surrogates or U+FFFE/U+FFFF even escaped: drop
// them. Tabs and line breaks become character references, which attribute values keep as written.
const notXml =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const references: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
const escapeXml = (s: string) => s.replace(notXml, '').replace(/[&<>"'\t\n\r]/g, (c) => references[c]!);

/**
 * JUnit XML for CI test reports: one suite per source file with a test case per finding
 * (errors fail, warnings pass with a note), and a `check-links` suite that fails when anything is broken.
 */
export function formatJunit(report: LinkReport, cwd: string): string {
  const { broken } = summarize(report);
  const suites = new Map<string, LinkFinding[]>();
  for (const finding of report.findings) {
    const source = finding.origin ? sourceOf(finding) : displayFile(report, finding.file, cwd);
    const suite = suites.get(source);
    if (suite) suite.push(finding);
    else suites.set(source, [finding]);
  }
  const seconds = (report.durationMs / 1000).toFixed(3);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="check-links" tests="${report.findings.length + 1}" failures="${broken}" time="${seconds}">`,
  ];
  for (const [source, findings] of suites) {
    const failures = findings.filter((f) => f.severity === 'error').length;
    out.push(`  <testsuite name="${escapeXml(source)}" tests="${findings.length}" failures="${failures}">`);
    for (const finding of findings) out.push(...testcase(report, finding, source, cwd));
    out.push('  </testsuite>');
  }
  out.push(`  <testsuite name="check-links" tests="1" failures="${broken ? 1 : 0}" time="${seconds}">`);
  out.push(`    <testcase classname="check-links" name="internal links resolve" time="${seconds}">`);
  if (broken) out.push(`      <failure message="${escapeXml(summaryLine(report))}" type="links.broken"/>`);
  out.push(
    `      <system-out>${escapeXml(summaryLine(report))}</system-out>`,
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
  );
  return out.join('\n');
}

function testcase(report: LinkReport, finding: LinkFinding, source: string, cwd: string): string[] {
  const location = displayLocation(report, finding, cwd);
  const name = `${finding.attribute} ${finding.href} (${location})`;
  const details = [location, describeSpread(finding)].filter(Boolean).join('\n');
  const open = `    <testcase classname="${escapeXml(source)}" name="${escapeXml(name)}" file="${escapeXml(finding.origin?.file ?? displayFile(report, finding.file, cwd))}" line="${finding.origin ? (finding.origin.line ?? 1) : finding.line}">`;
  const body =
    finding.severity === 'error'
      ? `      <failure message="${escapeXml(describeProblem(finding))}" type="${finding.code}">${escapeXml(details)}</failure>`
      : `      <system-out>${escapeXml(`warning: ${describeProblem(finding)}\n${details}`)}</system-out>`;
  return [open, body, '    </testcase>'];
}
