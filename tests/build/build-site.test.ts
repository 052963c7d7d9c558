import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildSite, type BuildResult } from '../../cli/build/build-site.ts';
import { checkSite } from '../../cli/check/index.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';

let outDir: string;
let tmp: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-build-'));
  outDir = path.join(tmp, 'dist');
  result = await buildSite({ root: projectRoot, writer: new DiskWriter(outDir), now: new Date('2026-11-21T00:00:00Z') });
});
after(() => rm(tmp, { recursive: true, force: true }));

/** Every route of SPEC section 2 with the h1 and <title> its page must have. */
const expectedPages: [file: string, h1: string | RegExp, title: string | RegExp][] = [
  ['index.html', 'AI-Powered QA Engineers, Not Just Tools', /^Checkpoint QA \| /],
  ['services/startups/index.html', 'Launch Faster, Fail Safer: QA for Ambitious Startups', / \| Checkpoint QA$/],
  ['services/legacy/index.html', 'Unlock Agility in Your Legacy Systems with AI-Powered QA', / \| Checkpoint QA$/],
  ['services/non-traditional/index.html', "You're Experts in Your Field. Let Us Be Experts in Your Software Quality.", / \| Checkpoint QA$/],
  ['services/devshops/index.html', 'Turn Quality into Happier Clients and Higher Revenue', / \| Checkpoint QA$/],
  ...(['playwright', 'test-data', 'cursor-usage', 'bug-documentation', 'productivity'] as const).flatMap((topic) => [
    [`guides/${topic}/index.html`, /\S/, /Free Guide \| Checkpoint QA$/] as [string, RegExp, RegExp],
    [`guides/content/${topic}/index.html`, /\S/, / \| Checkpoint QA$/] as [string, RegExp, RegExp],
  ]),
  ['blog/index.html', 'AI Testing Insights Blog', 'AI Testing Insights Blog | Checkpoint QA'],
  ['blog/the-reality-of-ai-in-qa-testing/index.html', 'The Reality of AI in QA Testing: Beyond the Hype', 'The Reality of AI in QA Testing: Beyond the Hype | Checkpoint QA Blog'],
  ['blog/optimizing-cursor-for-test-generation/index.html', 'Optimizing Cursor for Test Generation: A Complete Guide', 'Optimizing Cursor for Test Generation: A Complete Guide | Checkpoint QA Blog'],
  ['blog/building-smart-test-data-factories/index.html', 'Building Smart Test Data Factories with AI', 'Building Smart Test Data Factories with AI | Checkpoint QA Blog'],
  ['blog/future-of-manual-testing-with-ai/index.html', 'The Future of Manual Testing with AI Assistance', 'The Future of Manual Testing with AI Assistance | Checkpoint QA Blog'],
  ['blog/ai-powered-bug-reports/index.html', 'AI-Powered Bug Reports: A New Standard', 'AI-Powered Bug Reports: A New Standard | Checkpoint QA Blog'],
  ['blog/integrating-ai-qa-tools-into-ci-cd/index.html', 'Integrating AI QA Tools into Your CI/CD Pipeline', 'Integrating AI QA Tools into Your CI/CD Pipeline | Checkpoint QA Blog'],
  ['case-studies/index.html', /\S/, 'Case Studies | Checkpoint QA'],
  ['humans/index.html', /\S/, / \| Checkpoint QA$/],
  ['getting-started/index.html', /\S/, / \| Checkpoint QA$/],
  ['pom-files/index.html', /\S/, / \| Checkpoint QA$/],
  ['terms/index.html', 'Terms of Service', 'Terms of Service | Checkpoint QA'],
  ['privacy/index.html', 'Privacy Policy', 'Privacy Policy | Checkpoint QA'],
  ['404.html', /\S/, 'Page not found | Checkpoint QA'],
];

for (const [file, h1, title] of expectedPages) {
  test(`writes ${file} with one h1, its title and complete head metadata`, async () => {
    const page = parsePage(await read(file));
    const headings = page.texts('h1');
    assert.equal(headings.length, 1, `h1 count in ${file}`);
    if (typeof h1 === 'string') assert.equal(headings[0], h1);
    else assert.match(headings[0]!, h1);
    const [documentTitle] = page.texts('title');
    if (typeof title === 'string') assert.equal(documentTitle, title);
    else assert.match(documentTitle!, title);
    assert.equal(page.all((e) => e.name === 'html')[0]?.attribs.lang, 'en');
    assert.ok(page.meta('description'), 'meta description');
    assert.ok(page.meta('og:title') && page.meta('og:image') && page.meta('twitter:card'), 'social tags');
    assert.ok(page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]?.attribs.href?.startsWith('https://'));
    assert.equal(page.all((e) => e.name === 'main').length, 1);
    assert.equal(page.all((e) => e.name === 'header').length >= 1 && page.all((e) => e.name === 'footer').length >= 1, true);
    for (const image of page.all((e) => e.name === 'img')) {
      assert.ok(image.attribs.alt !== undefined && image.attribs.width && image.attribs.height, `img ${image.attribs.src} in ${file}`);
    }
  });
}

test('writes the sitemap, robots.txt, the feed, _redirects and hashed assets', async () => {
  const sitemap = await read('sitemap.xml');
  assert.equal((sitemap.match(/<loc>/g) ?? []).length, expectedPages.length - 1);
  assert.match(sitemap, /<loc>https:\/\/www\.checkpointqa\.com\/services\/devshops\/<\/loc>/);
  assert.doesNotMatch(sitemap, /404|dev-shops|contact/);
  assert.match(await read('robots.txt'), /Sitemap: https:\/\/www\.checkpointqa\.com\/sitemap\.xml/);
  const feed = await read('feed.xml');
  assert.equal((feed.match(/<item>/g) ?? []).length, 6);
  assert.match(await read('_redirects'), /^\/services\/dev-shops \/services\/devshops\/ 301!$/m);
  assert.match(await read('_redirects'), /^\/contact \/getting-started\/#contact-form 301!$/m);
  const headers = await read('_headers');
  assert.match(headers, /^\/assets\/\*\n  Cache-Control: public, max-age=31536000, immutable$/m);
  assert.match(headers, /^  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-/m);
  const assets = await readdir(path.join(outDir, 'assets'));
  assert.ok(assets.some((name) => /^site-[A-Z0-9]{8}\.css$/.test(name)), assets.join(', '));
});

test('writes redirect pages with a meta refresh, a canonical and a visible link', async () => {
  for (const [file, target] of [['services/dev-shops/index.html', '/services/devshops/'], ['contact/index.html', '/getting-started/#contact-form']]) {
    const page = parsePage(await read(file));
    assert.equal(page.all((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'refresh')[0]?.attribs.content, `0; url=${target}`);
    assert.equal(page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]?.attribs.href, `https://www.checkpointqa.com${target}`);
    assert.ok(page.all((e) => e.name === 'a' && e.attribs.href === target).length === 1);
  }
});

test('links header and footer to /services/devshops from the same navigation data', async () => {
  const page = parsePage(await read('humans/index.html'));
  const links = page.all((e) => e.name === 'a' && e.attribs.href?.startsWith('/services/') === true).map((e) => e.attribs.href);
  assert.ok(links.filter((href) => href === '/services/devshops/').length >= 3, 'dropdown, mobile menu and footer');
  assert.ok(!links.some((href) => href.startsWith('/services/dev-shops')));
});

test('renders the home page sections the SPEC lists', async () => {
  const html = await read('index.html');
  const page = parsePage(html);
  assert.match(html, /100x faster automation/);
  assert.deepEqual(page.all((e) => e.attribs.class === 'feature-title').map(page.text), ['AI-Powered Playwright', 'Smart Test Data', 'Optimized Cursor Usage', 'AI Bug Documentation']);
  const serviceCards = page.all((e) => /\bservice-card\b/.test(e.attribs.class ?? ''));
  assert.equal(serviceCards.length, 4);
  for (const card of serviceCards) assert.match(page.text(card), /Learn more/);
  assert.equal(page.all((e) => e.name === 'li' && /\bplan\b/.test(e.attribs.class ?? '')).length, 2);
  assert.equal(page.all((e) => e.name === 'div' && e.attribs.class === 'carousel-slide').length, 8);
  assert.match(html, /href="\/case-studies\/\?playVideo=https%3A%2F%2Fwww\.youtube\.com%2Fembed%2F/);
  assert.ok(page.texts('h2').includes('See Our Customers in Action'));
});

test('renders eight case studies with the promo block after the third', async () => {
  const html = await read('case-studies/index.html');
  const gallery = html.slice(html.indexOf('class="case-gallery"'));
  const promoAt = gallery.indexOf('class="promo"');
  assert.equal((gallery.slice(0, promoAt).match(/class="case-card"/g) ?? []).length, 3);
  assert.equal((gallery.slice(promoAt).match(/class="case-card"/g) ?? []).length, 5);
  for (const stat of ['1M+', '5000+', '1000+']) assert.match(html, new RegExp(`<dd>${stat.replace('+', '\\+')}</dd>`));
});

test('highlights code in posts at build time and links tags to the filtered list', async () => {
  const html = await read('blog/ai-powered-bug-reports/index.html');
  assert.match(html, /data-rehype-pretty-code-figure/);
  assert.match(html, /href="\/blog\/\?tag=Bug%20Reporting"/);
  assert.doesNotMatch(html, /shiki|highlight\.js|prism/i);
});

test('loads no React on pages without islands, and the hydration script where islands are', async () => {
  const terms = await read('terms/index.html');
  assert.equal((terms.match(/<script type="module"/g) ?? []).length, 1);
  assert.doesNotMatch(terms, /hydrate-/);
  const blog = await read('blog/index.html');
  assert.match(blog, /<script type="module" src="\/assets\/hydrate-[A-Z0-9]+\.js">/);
  assert.match(blog, /data-island="BlogExplorer"/);
  const budget = result.budgets.find((b) => b.path === '/terms')!;
  // The small site script (header, menus, chat dock, newsletter): React alone is a hundred times this.
  assert.ok(budget.bytes < 3072, `terms loads ${budget.bytes} bytes`);
});

test('a broken content file fails the build with its file and line and keeps the previous output', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'dist');
  try {
    await buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out) });
    const before = await stat(path.join(out, 'index.html'));
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), /^tags: .*$/m, 'tags: AI');
    await assert.rejects(
      buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out) }),
      (error: unknown) => {
        assert.ok(error instanceof SiteErrorList);
        assert.match(error.errors[0]!.file!, /ai-powered-bug-reports\.md$/);
        assert.equal(error.errors[0]!.line, 10);
        return true;
      },
    );
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before.mtimeMs);
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist'], 'no staging folder is left behind');
  } finally {
    await cleanup();
  }
});

test('a page that cannot be written fails the build once the others are written, and keeps the previous output', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-write-'));
  const out = path.join(dir, 'dist');
  /** Fails one page's write the way a full disk would, after the pages before it were written. */
  class FailingWriter extends DiskWriter {
    attempts: string[] = [];
    async write(file: string, contents: string | Uint8Array): Promise<void> {
      this.attempts.push(file);
      if (file === 'blog/ai-powered-bug-reports/index.html') throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return super.write(file, contents);
    }
  }
  try {
    await buildSite({ root: projectRoot, writer: new DiskWriter(out) });
    const before = await stat(path.join(out, 'index.html'));
    const failing = new FailingWriter(out);
    await assert.rejects(buildSite({ root: projectRoot, writer: failing }), /ENOSPC/);
    assert.ok(failing.attempts.length > expectedPages.length, 'the other pages and the site files were still written');
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before.mtimeMs);
    assert.deepEqual(await entriesBesideOutput(out), ['dist'], 'no staging folder is left behind');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('records the shared header and footer links on every page, with the home page linking its sections as #anchors', async () => {
  const manifest = JSON.parse(await read('.sitegen-manifest.json')) as { origins: { kind: string; file: string; field?: string }[]; links: Record<string, [string, number][]> };
  const layoutLinks = (page: string) => manifest.links[page]!.filter(([, origin]) => manifest.origins[origin]!.kind === 'layout');
  const onPost = layoutLinks('/blog/ai-powered-bug-reports/');
  assert.ok(onPost.length > 30, `${onPost.length} layout links`);
  assert.deepEqual(layoutLinks('/terms/'), onPost, 'every page but the home page shares one header and footer');
  const devshops = onPost.filter(([href]) => href === '/services/devshops/').map(([, origin]) => manifest.origins[origin]);
  assert.ok(devshops.some((origin) => origin!.file === 'content/data/audiences.json'), 'the footer Services column names its dataset');
  const sectionLinks = (page: string) => layoutLinks(page).map(([href]) => href).filter((href) => href.includes('#'));
  assert.ok(sectionLinks('/').length > 0 && sectionLinks('/').every((href) => href.startsWith('#')), sectionLinks('/').join(' '));
  assert.ok(sectionLinks('/terms/').every((href) => href.startsWith('/#')), sectionLinks('/terms/').join(' '));
  const post = await read('blog/ai-powered-bug-reports/index.html');
  assert.equal(post.match(/<header class="site-header"/g)?.length, 1);
  assert.match(post.slice(0, post.indexOf('</head>')), /<link rel="preload" href="\/images\/brand-mark\.svg" as="image"\/>/, 'the logo preload stays in the head');
});

test('a build that replaces an output has removed the version it replaced by the time it resolves', async () => {
  const out = path.join(tmp, 'replaced', 'dist');
  await buildSite({ root: projectRoot, writer: new DiskWriter(out), checkLinks: false });
  await buildSite({ root: projectRoot, writer: new DiskWriter(out), checkLinks: false });
  assert.deepEqual(await entriesBesideOutput(out), ['dist'], 'the first build’s version is gone');
});

test('the build result carries the link check of the output it committed', () => {
  assert.equal(result.committed, true);
  assert.ok(result.links && result.links.checked > 1000, `${result.links?.checked} references checked`);
  assert.deepEqual(result.links.findings, []);
  assert.deepEqual(result.warnings.map((warning) => warning.code), ['config.unsafe-for-production', 'config.incomplete-for-production'], 'no link warnings; only the test reCAPTCHA key and the postal address content/ leaves unset');
  assert.ok(result.timings.check > 0, 'the check is timed');
});

test('a broken link keeps the output from being committed, and the result says where the link comes from', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'dist');
  try {
    assert.equal((await buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out) })).committed, true);
    const before = await stat(path.join(out, 'index.html'));
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), /^## /m, 'See [our dev shop page](/services/dev-shop).\n\n## ');
    const broken = await buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out) });
    assert.equal(broken.committed, false);
    const errors = broken.links!.findings.filter((finding) => finding.severity === 'error');
    assert.deepEqual(errors.map((finding) => finding.href), ['/services/dev-shop']);
    assert.match(errors[0]!.origin?.file ?? '', /posts\/ai-powered-bug-reports\.md$/);
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before.mtimeMs);
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist'], 'no staging folder is left behind');
    const unchecked = await buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out), checkLinks: false });
    assert.equal(unchecked.committed, true);
    assert.equal(unchecked.links, undefined);
  } finally {
    await cleanup();
  }
});

test('check-links passes on the real built site, with no redirect hints either', async () => {
  const report = await checkSite(outDir);
  assert.deepEqual(report.findings.map((f) => `${f.file}:${f.line} ${f.href} ${f.reason}`), []);
  assert.ok(report.checked > 1000, `${report.checked} references checked`);
});

test('builds into memory with the in-memory writer, touching no folder', async () => {
  const writer = new MemoryWriter();
  const memory = await buildSite({ root: projectRoot, writer });
  assert.equal(memory.pages.length, expectedPages.length);
  assert.match(writer.text('services/devshops/index.html')!, /<h1>Turn Quality into Happier Clients and Higher Revenue<\/h1>/);
  assert.ok(writer.files.has('sitemap.xml') && writer.files.has('.sitegen-manifest.json'));
});

test('every address the site publishes is answered by its own file, with no redirect, under the host model', async () => {
  const { readSiteFolder } = await import('../../cli/static-host/static-host.ts');
  const { respondToPath } = await import('../../cli/static-host/serve-site.ts');
  const site = await readSiteFolder(outDir);
  const origin = 'https://www.checkpointqa.com';
  const answerOf = async (url: string) => {
    const answer = await respondToPath(site, new URL(url, origin).pathname);
    return 'location' in answer ? `${answer.status} → ${answer.location}` : `${answer.status} ${answer.file}`;
  };
  const sitemap = await read('sitemap.xml');
  const published = new Map<string, string>();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) published.set(loc!, 'sitemap.xml');
  for (const [, link] of (await read('feed.xml')).matchAll(/<link>([^<]+)<\/link>/g)) published.set(link!, 'feed.xml');
  for (const page of result.pages.filter((p) => p.route.indexable)) {
    const html = parsePage(await read(page.route.file));
    const canonical = html.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]!.attribs.href!;
    assert.equal(await answerOf(canonical), `200 ${page.route.file}`, `canonical of ${page.route.file}`);
    assert.equal(html.meta('og:url'), canonical, `og:url of ${page.route.file}`);
    for (const script of html.all((e) => e.name === 'script' && e.attribs.type === 'application/ld+json')) {
      const urls = JSON.stringify(JSON.parse(html.text(script))).match(/https:\/\/www\.checkpointqa\.com\/[^"]*/g) ?? [];
      for (const url of urls.filter((u) => !/\.(png|jpe?g)$/.test(u))) published.set(url.replace(/#.*$/, ''), `JSON-LD of ${page.route.file}`);
    }
  }
  assert.ok(published.size >= result.pages.filter((p) => p.route.indexable).length, `${published.size} addresses`);
  for (const [url, from] of published) assert.match(await answerOf(url), /^200 /, `${url} (${from})`);
  for (const line of (await read('_redirects')).trim().split('\n')) {
    const [, to] = line.split(/\s+/);
    assert.match(await answerOf(to!.replace(/#.*$/, '')), /^200 /, `target of "${line}"`);
  }
});
