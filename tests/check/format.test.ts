import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatLinkWarnings, formatReport, type LinkFinding, type LinkReport } from '../../cli/check/index.ts';

const cwd = '/project';
const footer: LinkFinding = {
  kind: 'broken-link',
  code: 'links.missing-page',
  severity: 'error',
  page: '/about/',
  file: 'about/index.html',
  line: 12,
  column: 5,
  attribute: 'a[href]',
  href: '/services/dev-shops',
  target: '/services/dev-shops',
  reason: 'no such page',
  suggestion: '/services/devshops',
  origin: { kind: 'layout', file: 'content/data/navigation.json', field: 'footer.columns[0].links[3].href' },
  affectedPages: 28,
};
const image: LinkFinding = {
  kind: 'broken-link',
  code: 'links.missing-file',
  severity: 'error',
  page: '/blog/',
  file: 'blog/index.html',
  line: 40,
  column: 9,
  attribute: 'img[src]',
  href: '/images/a&b.png',
  reason: 'no such file',
};
const hint: LinkFinding = {
  kind: 'redirect-hint',
  code: 'links.redirected',
  severity: 'warning',
  page: '/blog/',
  file: 'blog/index.html',
  line: 41,
  column: 9,
  attribute: 'a[href]',
  href: '/contact',
  reason: 'redirects to /getting-started#contact-form',
  suggestion: '/getting-started#contact-form',
};
const report = (findings: LinkFinding[]): LinkReport => ({
  findings,
  checked: 1234,
  files: 30,
  pages: 28,
  durationMs: 85,
  siteDir: join(cwd, 'dist'),
  externalSkipped: 0,
  ignored: 0,
  manifest: true,
});

test('groups text rows by source and ends with the summary line', () => {
  assert.equal(
    formatReport(report([footer, image, hint]), 'text', cwd),
    [
      'content/data/navigation.json',
      '  dist/about/index.html:12:5  a[href] "/services/dev-shops" no such page — did you mean /services/devshops?',
      '    from content/data/navigation.json: footer.columns[0].links[3].href (layout, 28 pages)',
      '',
      'dist/blog/index.html',
      '  dist/blog/index.html:40:9  img[src] "/images/a&b.png" no such file',
      '  dist/blog/index.html:41:9  warning  a[href] "/contact" redirects to /getting-started#contact-form — link there directly',
      '',
      '2 broken links in 2 files, 1234 checked in 85 ms (1 warning)',
    ].join('\n'),
  );
});

test('a published build lists its link warnings grouped by source, the first ones only, and counts the rest', () => {
  const warnings = Array.from({ length: 5 }, (_, index): LinkFinding => ({
    ...hint,
    line: 41 + index,
    origin: { kind: 'markdown', file: `content/posts/p${index % 2}.md`, line: 3 + index, column: 1 },
  }));
  assert.equal(
    formatLinkWarnings(report([footer, ...warnings]), cwd, 3),
    [
      'Link warnings (5; the output is published, and these links work through a detour):',
      'content/posts/p0.md',
      '  dist/blog/index.html:41:9  warning  a[href] "/contact" redirects to /getting-started#contact-form — link there directly',
      '    from content/posts/p0.md:3:1 (markdown)',
      '  dist/blog/index.html:43:9  warning  a[href] "/contact" redirects to /getting-started#contact-form — link there directly',
      '    from content/posts/p0.md:5:1 (markdown)',
      '',
      'content/posts/p1.md',
      '  dist/blog/index.html:42:9  warning  a[href] "/contact" redirects to /getting-started#contact-form — link there directly',
      '    from content/posts/p1.md:4:1 (markdown)',
      '',
      '… and 2 more: sitegen check-links dist lists every one',
      '',
    ].join('\n'),
  );
  assert.doesNotMatch(formatLinkWarnings(report(warnings), cwd, 5), /more/, 'no count when every warning is listed');
});

test('prints only the summary for a clean site', () => {
  assert.equal(
    formatReport({ ...report([]), externalSkipped: 3 }, 'text', cwd),
    '3 external links not checked (use --external)\n0 broken links in 0 files, 1234 checked in 85 ms',
  );
});

test('writes JSON with the documented schema', () => {
  const json = JSON.parse(formatReport(report([footer, hint]), 'json', cwd));
  assert.equal(json.schemaVersion, 1);
  assert.equal(json.siteDir, 'dist');
  assert.deepEqual(json.summary, {
    broken: 1,
    warnings: 1,
    filesWithErrors: 1,
    checked: 1234,
    files: 30,
    pages: 28,
    externalSkipped: 0,
    ignored: 0,
    durationMs: 85,
  });
  assert.deepEqual(Object.keys(json.findings[0]), [
    'kind',
    'code',
    'severity',
    'page',
    'file',
    'path',
    'line',
    'column',
    'attribute',
    'href',
    'target',
    'reason',
    'suggestion',
    'origin',
    'affectedPages',
  ]);
  assert.equal(json.findings[0].path, 'dist/about/index.html');
  assert.equal(json.findings[1].target, undefined);
});

test('annotates GitHub Actions at the source file when known, escaping properties and data', () => {
  const markdown: LinkFinding = {
    ...image,
    origin: { kind: 'markdown', file: 'content/posts/a,b.md', line: 7, column: 3 },
    reason: 'no such file\nreally',
  };
  const lines = formatReport(report([footer, markdown, hint]), 'github', cwd).split('\n');
  assert.equal(
    lines[0],
    '::error file=content/data/navigation.json,title=Broken link::a[href] "/services/dev-shops": no such page — did you mean /services/devshops? (dist/about/index.html:12:5, from content/data/navigation.json: footer.columns[0].links[3].href (layout, 28 pages))',
  );
  assert.match(
    lines[1],
    /^::error file=content\/posts\/a%2Cb\.md,line=7,col=3,title=Broken link::img\[src\] "\/images\/a&b\.png": no such file%0Areally/,
  );
  assert.match(lines[2], /^::warning file=dist\/blog\/index\.html,line=41,col=9,title=Link to a redirect::/);
  assert.equal(lines[3], '2 broken links in 2 files, 1234 checked in 85 ms (1 warning)');
});

test('writes JUnit XML with a failing case per broken link and escaped text', () => {
  const xml = formatReport(report([footer, image, hint]), 'junit', cwd);
  assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="check-links" tests="4" failures="2"/);
  assert.equal(xml.match(/<testcase /g)?.length, 4);
  assert.equal(xml.match(/<failure /g)?.length, 3, 'two findings and the overall case');
  assert.match(xml, /name="img\[src\] \/images\/a&amp;b\.png \(dist\/blog\/index\.html:40:9\)"/);
  assert.match(xml, /<failure message="no such page — did you mean \/services\/devshops\?" type="links.missing-page">/);
  assert.ok(xml.endsWith('</testsuites>'));
});

test('writes a passing JUnit case for a clean site', () => {
  const xml = formatReport(report([]), 'junit', cwd);
  assert.match(xml, /<testsuite name="check-links" tests="1" failures="0"/);
  assert.doesNotMatch(xml, /<failure/);
});
