import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { buildRedirects, buildRoutes } from '../../cli/route/routes.ts';
import { assembleSiteFiles } from '../../cli/write/assemble-site-files.ts';
import type { SiteManifest } from '../../cli/write/route-manifest.ts';
import { projectRoot } from '../helpers/content.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import { loadSiteModel } from '../helpers/site-model.ts';
import { parseXml } from '../helpers/xml.ts';

const { raw, model } = await loadSiteModel();
const routes = buildRoutes(model);
const redirects = buildRedirects(model, routes);
const bundle = sampleBundle();
const [newest, second] = model.posts;
// One rendered post body with a link on its third body line; the other bodies have none.
const markdown = new Map<string, RenderedMarkdown>([[second!.file, { html: '', headings: [], links: [{ href: '/guides/playwright', line: second!.bodyLine + 2, column: 5 }] } as RenderedMarkdown]]);
const image = { url: '/images/a/b.svg', source: path.join(projectRoot, 'content/images/a/b.svg'), width: 1, height: 1, contents: Buffer.from('<svg/>') };
const files = assembleSiteFiles({
  root: projectRoot, raw, model, routes, redirects,
  pages: routes.map((route) => ({ route, links: [], islands: [] })),
  bundle, images: [image], markdown, inlineScripts: ["document.documentElement.className='js'"],
});
const text = (file: string) => {
  const contents = files.get(file);
  assert.equal(typeof contents, 'string', file);
  return contents as string;
};

test('holds the bundle files and images at their URL paths without the leading slash', () => {
  for (const file of bundle.files) assert.equal(files.get(file.url.slice(1)), file.contents, file.url);
  assert.equal(files.get('images/a/b.svg'), image.contents);
});

test('holds the sitemap, robots.txt, feed, _redirects, _headers and the route manifest, and no page', () => {
  for (const name of ['sitemap.xml', 'robots.txt', 'feed.xml', '_redirects', '_headers', '.sitegen-manifest.json']) assert.ok(files.has(name), name);
  assert.ok(![...files.keys()].some((file) => file.endsWith('.html')), 'pages are written by the caller');
});

test('dates each post in the sitemap by its own date and the blog list by the newest post', () => {
  const sitemap = parseXml(text('sitemap.xml'));
  const lastmod = new Map(sitemap.all('url').map((url) => [sitemap.childText(url, 'loc'), sitemap.childText(url, 'lastmod')]));
  const siteUrl = model.data.site.siteUrl;
  const day = (date: Date) => date.toISOString().slice(0, 10);
  for (const post of model.posts) assert.equal(lastmod.get(`${siteUrl}/blog/${post.slug}/`), day(post.date), post.slug);
  assert.equal(lastmod.get(`${siteUrl}/blog/`), day(newest!.date));
  assert.equal(lastmod.get(`${siteUrl}/`), undefined);
  assert.equal(lastmod.get(`${siteUrl}/humans/`), undefined);
  assert.equal(lastmod.size, routes.filter((r) => r.indexable).length);
});

test('titles the feed with the brand and the blog title suffix and lists every post newest first', () => {
  const feed = parseXml(text('feed.xml'));
  const channel = feed.all('channel')[0]!;
  assert.equal(feed.childText(channel, 'title'), `${model.data.site.brand} ${model.data.blog.post.titleSuffix}`);
  assert.equal(feed.childText(channel, 'description'), model.data.blog.meta.description);
  assert.deepEqual(feed.all('item').map((item) => feed.childText(item, 'link')), model.posts.map((post) => `${model.data.site.siteUrl}/blog/${post.slug}/`));
});

test('writes a forced _redirects rule for every redirect of the dataset, with and without its slash', () => {
  assert.deepEqual(text('_redirects').trim().split('\n'), redirects.flatMap((r) => [`${r.from} ${r.to} 301!`, `${r.from}/ ${r.to} 301!`]));
});

test('records Markdown links in the manifest under their page, with the project-relative file and line', () => {
  const manifest = JSON.parse(text('.sitegen-manifest.json')) as SiteManifest;
  const key = Object.keys(manifest.links).find((k) => k.replace(/\/$/, '') === `/blog/${second!.slug}`)!;
  assert.ok(key, 'the post has a links entry');
  const [[href, index]] = manifest.links[key]! as [[string, number]];
  assert.equal(href, '/guides/playwright');
  assert.deepEqual(manifest.origins[index], { kind: 'markdown', file: path.relative(projectRoot, second!.file), line: second!.bodyLine + 2, column: 5 });
  const newestKey = Object.keys(manifest.links).find((k) => k.replace(/\/$/, '') === `/blog/${newest!.slug}`)!;
  assert.deepEqual(manifest.links[newestKey], []);
});
