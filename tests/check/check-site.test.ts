import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { checkSite, type LinkFinding } from '../../cli/check/index.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const byHref = (findings: LinkFinding[], href: string) => findings.filter((f) => f.href === href);

/** 1-based line and column of the first `needle` in a fixture file. */
function positionOf(file: string, needle: string): { line: number; column: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(needle));
  return { line: line + 1, column: lines[line].indexOf(needle) + 1 };
}

test('finds every planted fault in the broken site, located and explained', async () => {
  const site = fixture('links-broken');
  const { findings } = await checkSite(site);
  const summary = findings.map((f) => `${f.kind} ${f.code} ${f.file}:${f.line} ${f.href}`);
  assert.deepEqual(
    summary.sort(),
    [
      'broken-link links.missing-fragment index.html:11 /about/#tean',
      'broken-link links.missing-file index.html:12 /images/missing.png',
      'broken-link links.missing-file index.html:13 /images/logo@2x.png',
      'broken-link links.missing-page about/index.html:10 /services/dev-shops',
      'broken-link links.outside-site blog/post/index.html:6 ../../../pricing.html',
      'broken-link links.redirect-loop blog/post/index.html:7 /old-a',
      'redirect-error links.redirect-chain _redirects:4 /older',
      'redirect-error links.redirect-loop _redirects:2 /old-b',
      'redirect-error links.redirect-loop _redirects:3 /old-a',
      'redirect-error links.redirect-missing-target _redirects:6 /nowhere',
    ].sort(),
  );
});

test('reports the dev-shops footer link once, at its line, with the closest route', async () => {
  const site = fixture('links-broken');
  const [finding] = byHref((await checkSite(site)).findings, '/services/dev-shops');
  assert.deepEqual(
    { ...positionOf(join(site, 'about/index.html'), 'href="/services/dev-shops"') },
    { line: finding.line, column: finding.column },
  );
  assert.equal(finding.page, '/about/');
  assert.equal(finding.attribute, 'a[href]');
  assert.equal(finding.suggestion, '/services/devshops');
  assert.equal(finding.landmark, 'footer');
  assert.equal(finding.affectedPages, 2);
  assert.deepEqual(finding.pages, ['/about/', '/']);
});

test('suggests the closest id for a missing fragment and the closest file for a bad srcset entry', async () => {
  const { findings } = await checkSite(fixture('links-broken'));
  assert.equal(byHref(findings, '/about/#tean')[0].suggestion, '#team');
  const [srcset] = byHref(findings, '/images/logo@2x.png');
  assert.equal(srcset.attribute, 'img[srcset]');
  assert.equal(srcset.suggestion, '/images/logo.png');
});

test('passes the clean site (index.html, query, encoding, base, sitemap, redirect alias), warning on links the host redirects', async () => {
  const report = await checkSite(fixture('links-clean'));
  assert.deepEqual(
    report.findings.filter((f) => f.severity === 'error'),
    [],
  );
  assert.deepEqual(
    report.findings.map((f) => [f.kind, f.code, f.href, f.suggestion]),
    [
      ['redirect-hint', 'links.trailing-slash', '/about', '/about/'],
      ['redirect-hint', 'links.trailing-slash', '/about?x=1#team', '/about/#team'],
      ['redirect-hint', 'links.redirected', '/contact', '/getting-started/#contact-form'],
      ['redirect-hint', 'links.redirected', '/old-page/', '/about/'],
    ],
  );
  assert.equal(report.files, 7);
  assert.equal(report.pages, 6, 'the redirect stub is not a page');
  assert.equal(report.externalSkipped, 2);
  assert.ok(report.checked >= 40);
});

test('merges a layout link broken on three pages into one finding naming its dataset field', async () => {
  const report = await checkSite(fixture('links-manifest'));
  assert.equal(report.manifest, true);
  const broken = report.findings.filter((f) => f.severity === 'error');
  assert.equal(broken.length, 2);
  const [footer] = byHref(broken, '/services/dev-shops');
  assert.equal(footer.affectedPages, 3);
  assert.deepEqual(footer.origin, {
    kind: 'layout',
    file: 'content/data/navigation.json',
    field: 'footer.columns[0].links[3].href',
  });
  assert.equal(footer.suggestion, '/services/devshops');
  const [markdown] = byHref(broken, '/guides/playwrigth');
  assert.deepEqual(markdown.origin, { kind: 'markdown', file: 'content/posts/hello.md', line: 12, column: 12 });
  assert.equal(markdown.suggestion, '/guides/playwright');
});

test('validates manifest redirects against redirect stubs without reporting them twice', async () => {
  const { findings } = await checkSite(fixture('links-manifest'));
  assert.deepEqual(
    findings.filter((f) => f.kind !== 'broken-link').map((f) => [f.kind, f.href, f.origin?.file]),
    [['redirect-hint', '/contact', 'templates/pages/home.tsx']],
  );
});

test('skips hrefs matching --ignore patterns', async () => {
  const report = await checkSite(fixture('links-broken'), { ignore: ['/services/', '*.png', '/^\\.\\./'] });
  assert.deepEqual(byHref(report.findings, '/services/dev-shops'), []);
  assert.deepEqual(byHref(report.findings, '/images/missing.png'), []);
  assert.deepEqual(byHref(report.findings, '../../../pricing.html'), []);
  assert.ok(report.ignored >= 5);
});

test('fails with links.no-site-dir for a missing folder', async () => {
  const missing = join(tmpdir(), 'no-such-site-folder');
  await assert.rejects(
    checkSite(missing),
    (error: unknown) => error instanceof SiteError && error.code === 'links.no-site-dir' && error.file === missing,
  );
});

test('checks external links against a server when asked, reporting each failure where it is linked', async () => {
  const server = createServer((request, response) => {
    if (request.url === '/ok') return void response.end('ok');
    if (request.url === '/slow') return void setTimeout(() => response.end('late'), 4_000);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dir = await mkdtemp(join(tmpdir(), 'links-external-'));
  try {
    await mkdir(join(dir, 'about'));
    const page = `<a href="${origin}/ok">ok</a>\n<a href="${origin}/gone">gone</a>\n<a href="${origin}/slow#x">slow</a>`;
    await writeFile(join(dir, 'index.html'), page);
    await writeFile(join(dir, 'about/index.html'), page);
    const offline = await checkSite(dir);
    assert.deepEqual([offline.findings, offline.externalSkipped], [[], 6]);
    // A second for each request: a 404 from this machine must not time out on a busy CI runner.
    const report = await checkSite(dir, { external: true, timeoutMs: 1_000, allowPrivateHosts: true });
    assert.deepEqual(report.findings.map((f) => `${f.file}:${f.line} ${f.reason}`).sort(), [
      'about/index.html:2 status 404',
      'about/index.html:3 timed out after 1000 ms',
      'index.html:2 status 404',
      'index.html:3 timed out after 1000 ms',
    ]);
    assert.equal(report.checked, 6);
  } finally {
    server.closeAllConnections();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
