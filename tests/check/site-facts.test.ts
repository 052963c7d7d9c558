import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { checkSite, type LinkReport } from '../../cli/check/index.ts';
import { checkSiteSource } from '../../cli/check/check-site.ts';
import { scanHtml } from '../../cli/check/html-scan.ts';
import { siteFileLimit } from '../../cli/check/read-site-file.ts';
import { SiteFacts } from '../../cli/check/site-facts.ts';
import type { CheckLinksOptions, SiteManifest } from '../../cli/check/types.ts';

// A build checks its output from what it recorded of each file as it wrote it (SiteFacts);
// `check-links` reads the folder. Both must find exactly the same, in the same order.

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

/** Every file under `dir`, relative and `/`-separated. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'));
}

/** The facts a build writing `dir` would have recorded, handed over in reverse order (a build writes in any order). */
function factsOf(
  dir: string,
  how: (facts: SiteFacts, file: string, bytes: Buffer) => void = (facts, file, bytes) => facts.add(file, bytes),
): SiteFacts {
  const facts = new SiteFacts();
  for (const file of filesOf(dir).sort().reverse()) how(facts, file, readFileSync(join(dir, file)));
  return facts;
}

/** A report without what differs from run to run. */
const comparable = ({ durationMs: _, ...report }: LinkReport) => report;

async function assertSameReport(dir: string, facts: SiteFacts, options: CheckLinksOptions = {}): Promise<LinkReport> {
  const fromFolder = await checkSite(dir, options);
  const fromFacts = await checkSiteSource(dir, facts.source(dir), options);
  assert.deepStrictEqual(comparable(fromFacts), comparable(fromFolder));
  // Same order, same text: the formatted findings are byte for byte the same.
  assert.equal(JSON.stringify(fromFacts.findings), JSON.stringify(fromFolder.findings));
  return fromFolder;
}

for (const name of ['links-broken', 'links-clean', 'links-manifest']) {
  test(`the recorded facts of ${name} give the report check-links gives for its folder`, async () => {
    const report = await assertSameReport(fixture(name), factsOf(fixture(name)));
    if (name !== 'links-clean')
      assert.ok(
        report.findings.some((finding) => finding.severity === 'error'),
        'the planted faults are found',
      );
  });
}

test('ignore patterns apply to recorded facts as to the folder', async () => {
  const report = await assertSameReport(fixture('links-broken'), factsOf(fixture('links-broken')), {
    ignore: ['/services/', '*.png', '/^\\.\\./'],
  });
  assert.ok(report.ignored > 0);
});

test('pages known by their scan, files written by link and the manifest as an object give the same report', async () => {
  for (const name of ['links-broken', 'links-manifest']) {
    const dir = fixture(name);
    let linked = 0;
    const facts = factsOf(dir, (recorder, file, bytes) => {
      if (file.endsWith('index.html')) recorder.addScanned(file, scanHtml(bytes.toString('utf8')));
      else if (linked++ % 2 === 0) recorder.addUnread(file);
      else recorder.add(file, bytes);
    });
    if (name === 'links-manifest')
      facts.setManifest(JSON.parse(readFileSync(join(dir, '.sitegen-manifest.json'), 'utf8')) as SiteManifest);
    await assertSameReport(dir, facts);
  }
});

test('a page rewritten later counts as written last, and a text page with a lone surrogate reads as UTF-8 does', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'site-facts-'));
  try {
    const lone =
      '<!DOCTYPE html><html><body><a id="x\uD800" href="/missing\uDC00">a</a><a href="#x\uFFFD">b</a><a href="/about/">c</a></body></html>';
    await mkdir(join(dir, 'about'));
    await writeFile(join(dir, 'index.html'), lone);
    await writeFile(join(dir, 'about/index.html'), '<a href="/">home</a>');
    const facts = new SiteFacts();
    facts.add('about/index.html', '<a href="/nowhere">first version</a>');
    facts.add('index.html', lone);
    facts.add('about/index.html', '<a href="/">home</a>');
    const report = await assertSameReport(dir, facts);
    assert.deepEqual(
      report.findings.map((finding) => finding.href),
      ['/missing\uFFFD'],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a page larger than the checker reads is reported as check-links reports it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'site-facts-'));
  try {
    const huge = `<!DOCTYPE html><a href="/nowhere">x</a>${'x'.repeat(siteFileLimit)}`;
    await writeFile(join(dir, 'index.html'), huge);
    await writeFile(join(dir, 'small.html'), '<a href="/index.html#anything">x</a>');
    const facts = new SiteFacts();
    facts.add('index.html', huge);
    facts.add('small.html', '<a href="/index.html#anything">x</a>');
    const report = await assertSameReport(dir, facts);
    assert.deepEqual(
      report.findings.map((finding) => finding.code),
      ['links.file-too-large'],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a page read back from the facts is its scan, field for field', () => {
  const html = [
    '<!doctype html><html><head><base href="/docs/"><link rel="canonical" href="https://x.example/a/">',
    '<meta http-equiv="refresh" content="0; url=/b/"></head><body>',
    '<header><a href="/h">h</a></header><nav><a href="/n" id="menu">n</a></nav>',
    '<main><img src="/i.png" srcset="/i.png 1x, /j.png 2x"><a name="top" href="#top">t</a></main>',
    '<footer><a href="/f">f</a></footer></body></html>',
  ].join('\n');
  const facts = new SiteFacts();
  facts.add('a/index.html', html);
  const scanned = scanHtml(html, (text) => text);
  assert.ok(scanned.refs.some((ref) => ref.landmark) && scanned.refs.some((ref) => ref.canonical));
  assert.deepStrictEqual(facts.source('/nowhere').page('a/index.html'), { value: scanned });
  assert.deepStrictEqual(facts.pageScan('a/index.html'), scanned);
});

test('the same broken href twice on a page is located at each of its two origins, from facts as from the folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-facts-'));
  try {
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><html><body><a href="/gone">one</a>\n<a href="/gone">two</a></body></html>',
    );
    const manifest: SiteManifest = {
      version: 2,
      siteUrl: 'https://tiny.example',
      routes: [{ path: '/', file: 'index.html' }],
      redirects: [],
      origins: [
        { kind: 'template', file: 'templates/one.tsx', line: 1, column: 1 },
        { kind: 'template', file: 'templates/two.tsx', line: 2, column: 2 },
      ],
      links: {
        '/': [
          ['/gone', 0],
          ['/gone', 1],
        ],
      },
    };
    await writeFile(join(dir, '.sitegen-manifest.json'), JSON.stringify(manifest));
    const report = await assertSameReport(dir, factsOf(dir));
    const origins = report.findings.map((finding) => finding.origin?.file);
    assert.deepEqual(origins, ['templates/one.tsx', 'templates/two.tsx']);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
