import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { buildSite, type BuildResult } from '../../cli/build/build-site.ts';
import { forgetCachedCards } from '../../cli/share-card/card-cache.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { parsePage, type Page } from '../helpers/html.ts';
import { parseXml } from '../helpers/xml.ts';

// A real build of a copy of the site whose first post sets its own socialImage: every page
// shares a 1200×630 PNG card it names in its head (or that post's picture), every page's
// structured data parses, and a second build draws nothing.

const siteUrl = 'https://www.checkpointqa.com';
const socialPost = 'ai-powered-bug-reports';
let tmp: string;
let out: string;
let cleanup: () => Promise<void>;
let content: string;
let cacheDir: string;
let first: BuildResult;
let pages: { file: string; page: Page }[];

async function build(into: string): Promise<BuildResult> {
  return buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(into), now: new Date('2026-11-21T00:00:00Z'), shareCards: { cacheDir } });
}

async function htmlFiles(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, prefix), { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => {
    const name = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) return htmlFiles(folder, name);
    return entry.name.endsWith('.html') ? [name] : [];
  }));
  return nested.flat();
}

before(async () => {
  ({ dir: tmp, content, cleanup } = await copyContent());
  out = path.join(tmp, 'dist');
  cacheDir = path.join(tmp, 'cards');
  const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#e11d48' } }).jpeg().toBuffer();
  await writeFile(path.join(content, 'images', 'posts', 'launch-photo.jpg'), picture);
  await editFile(path.join(content, 'posts', `${socialPost}.md`), /^category:/m, 'socialImage: /images/posts/launch-photo.jpg\nsocialImageAlt: "A red launch banner"\ncategory:');
  forgetCachedCards();
  first = await build(out);
  pages = await Promise.all((await htmlFiles(out)).map(async (file) => ({ file, page: parsePage(await readFile(path.join(out, file), 'utf8')) })));
});
after(() => cleanup());

test('every page names a share picture in the output: a 1200×630 PNG card, or the post’s own picture', async () => {
  assert.ok(pages.length > 30, `${pages.length} pages`);
  for (const { file, page } of pages) {
    const image = page.meta('og:image');
    assert.ok(image?.startsWith(`${siteUrl}/social/`), `${file}: og:image ${image}`);
    assert.equal(page.meta('twitter:image'), image, file);
    assert.equal(page.meta('twitter:card'), 'summary_large_image', file);
    assert.equal(page.meta('og:image:width'), '1200', file);
    assert.equal(page.meta('og:image:height'), '630', file);
    assert.ok(page.meta('og:image:alt'), `${file}: og:image:alt`);
    const meta = await sharp(path.join(out, image!.slice(siteUrl.length + 1))).metadata();
    assert.deepEqual([meta.width, meta.height], [1200, 630], file);
    const own = file === `blog/${socialPost}/index.html`;
    assert.equal(meta.format, own ? 'jpeg' : 'png', file);
    assert.equal(page.meta('og:image:type'), own ? 'image/jpeg' : 'image/png', file);
  }
});

test("the post with a socialImage shares that picture with its alt text", async () => {
  const { page } = pages.find(({ file }) => file === `blog/${socialPost}/index.html`)!;
  assert.equal(page.meta('og:image'), `${siteUrl}/social/blog/${socialPost}.jpg`);
  assert.equal(page.meta('og:image:alt'), 'A red launch banner');
  const { dominant } = await sharp(path.join(out, 'social', 'blog', `${socialPost}.jpg`)).stats();
  assert.ok(dominant.r > 200 && dominant.g < 60, 'the picture is the post’s red banner, not a card');
});

/** The JSON-LD items of a page, parsed. */
function structuredData(page: Page): Record<string, unknown>[] {
  return page.all((e) => e.name === 'script' && e.attribs.type === 'application/ld+json').map((script) => JSON.parse(page.text(script)) as Record<string, unknown>);
}

test('every page’s JSON-LD parses and has the types its kind of page calls for', () => {
  const typesOf = (file: string) => structuredData(pages.find((entry) => entry.file === file)!.page).map((item) => item['@type']);
  for (const { file, page } of pages) {
    for (const item of structuredData(page)) assert.equal(item['@context'], 'https://schema.org', file);
  }
  assert.deepEqual(typesOf('index.html'), ['Organization']);
  assert.deepEqual(typesOf('blog/building-smart-test-data-factories/index.html'), ['BlogPosting', 'BreadcrumbList']);
  assert.deepEqual(typesOf('guides/playwright/index.html'), ['BreadcrumbList']);
  assert.deepEqual(typesOf('guides/content/playwright/index.html'), ['BreadcrumbList']);
  assert.deepEqual(typesOf('services/startups/index.html'), ['BreadcrumbList']);
  assert.deepEqual(typesOf('humans/index.html'), []);
  assert.deepEqual(typesOf('404.html'), []);
  for (const { file, page } of pages.filter((entry) => /^blog\/[^/]+\/index\.html$/.test(entry.file))) {
    assert.deepEqual(structuredData(page).map((item) => item['@type']), ['BlogPosting', 'BreadcrumbList'], file);
  }
});

test('a post’s BlogPosting names its canonical URL, dates, share picture and the organisation', () => {
  const { page } = pages.find(({ file }) => file === 'blog/building-smart-test-data-factories/index.html')!;
  const [posting, breadcrumbs] = structuredData(page) as [Record<string, any>, Record<string, any>]; // JSON-LD read back: its shape is what is under test
  const canonical = page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]!.attribs.href;
  assert.equal(posting.url, canonical);
  assert.deepEqual(posting.mainEntityOfPage, { '@type': 'WebPage', '@id': canonical });
  assert.equal(posting.headline, 'Building Smart Test Data Factories with AI');
  assert.match(posting.datePublished, /^\d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(posting.image, [page.meta('og:image')]);
  assert.equal(posting.author.name, 'Checkpoint QA');
  assert.equal(posting.publisher.logo.url, `${siteUrl}/social/logo.png`);
  assert.deepEqual(breadcrumbs.itemListElement.map((item: { position: number; item: string }) => [item.position, item.item]), [
    [1, `${siteUrl}/`], [2, `${siteUrl}/blog/`], [3, canonical],
  ]);
});

test('the Organization on the home page has a logo the build wrote', async () => {
  const { page } = pages.find(({ file }) => file === 'index.html')!;
  const [organization] = structuredData(page) as [Record<string, any>]; // JSON-LD read back
  assert.equal(organization.url, `${siteUrl}/`);
  const meta = await sharp(path.join(out, 'social', 'logo.png')).metadata();
  assert.deepEqual([organization.logo.url, meta.width, meta.height], [`${siteUrl}/social/logo.png`, 512, 512]);
});

test('the sitemap gives every post its date as lastmod', async () => {
  const sitemap = parseXml(await readFile(path.join(out, 'sitemap.xml'), 'utf8'));
  const lastmod = new Map(sitemap.all('url').map((url) => [sitemap.childText(url, 'loc'), sitemap.childText(url, 'lastmod')]));
  assert.ok(first.model.posts.length > 0);
  for (const post of first.model.posts) {
    assert.equal(lastmod.get(`${siteUrl}/blog/${post.slug}/`), post.date.toISOString().slice(0, 10), post.slug);
  }
});

test('the first build drew every picture; a second build draws none and writes the same files', async () => {
  assert.equal(first.shareCards.cached, 0);
  assert.equal(first.shareCards.drawn, first.pages.length + 1, 'one picture per page (the redirect pages share the home card) and the logo');
  forgetCachedCards();
  const again = path.join(tmp, 'again');
  const second = await build(again);
  assert.deepEqual(second.shareCards, { drawn: 0, cached: first.shareCards.drawn });
  const [before, after] = await Promise.all([readFile(path.join(out, 'social', 'index.png')), readFile(path.join(again, 'social', 'index.png'))]);
  assert.ok(before.equals(after));
});
