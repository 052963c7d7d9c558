import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import type { RenderedStep } from '../../cli/pipeline/render-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { siteFiles } from '../../cli/pipeline/write-step.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import { projectRoot } from '../helpers/content.ts';
import { imageIndex } from '../../cli/images/image-index.ts';
import { readPostsIndex, type PostsIndex } from '../../client/islands/posts-index.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import { contentRoot } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';
import { parseXml } from '../helpers/xml.ts';
import { claimStep } from '../../cli/pipeline/claim-step.ts';

// What the marketing site's definition makes of the files besides its pages: the dates its
// sitemap gives, its blog feed and its redirects.

const routed = routeStep(
  validateStep(await loadStep(realSite, projectRoot, contentRoot), { now: new Date('2026-11-21T00:00:00Z') }),
);
const model = routed.model as SiteModel;
const { routes, redirects } = routed;
const rendered: RenderedStep = {
  ...routed,
  bundle: sampleBundle(),
  pages: routes.map((route) => ({ route, links: [], islands: [] })),
  bodyLinks: new Map(),
  inlineScripts: new Set(),
  renderedPages: routes.length,
  // The marketing site's post images are SVG: their sizes are all a page needs of them.
  imageIndex: imageIndex(routed.images.svg, []),
  warnings: [],
  copies: new Map(),
};
const files = siteFiles(rendered, claimStep(rendered, { outputs: [], index: rendered.imageIndex }, { files: [] }));
const text = (file: string) => {
  const contents = files.get(file);
  assert.equal(typeof contents, 'string', file);
  return contents as string;
};
const [newest] = model.posts;

test('dates each post in the sitemap by its own date and the blog list by the newest post', () => {
  const sitemap = parseXml(text('sitemap.xml'));
  const lastmod = new Map(
    sitemap.all('url').map((url) => [sitemap.childText(url, 'loc'), sitemap.childText(url, 'lastmod')]),
  );
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
  assert.equal(feed.childText(channel, 'link'), `${model.data.site.siteUrl}/blog/`);
  assert.deepEqual(
    feed.all('item').map((item) => feed.childText(item, 'link')),
    model.posts.map((post) => `${model.data.site.siteUrl}/blog/${post.slug}/`),
  );
  assert.deepEqual(
    feed.all('item').map((item) => [feed.childText(item, 'category'), feed.childText(item, 'description')]),
    model.posts.map((post) => [post.category, post.excerpt]),
  );
});

test('writes a forced _redirects rule for every redirect of the dataset and every former feed address, with and without its slash', () => {
  assert.equal(redirects.length, model.data.redirects.length + 3);
  assert.deepEqual(
    text('_redirects').trim().split('\n'),
    redirects.flatMap((r) => [`${r.from} ${r.to} 301!`, `${r.from}/ ${r.to} 301!`]),
  );
});

test('records where each redirect is declared: its line in redirects.json', () => {
  const manifest = JSON.parse(text('.sitegen-manifest.json')) as {
    redirects: { from: string; origin?: { file: string; line?: number } }[];
  };
  assert.deepEqual(
    manifest.redirects.filter((r) => !r.from.endsWith('.xml')).map((r) => [r.from, r.origin?.file, r.origin?.line]),
    model.data.redirects.map((r, index) => [r.from, 'content/data/redirects.json', index + 2]),
  );
});

test("publishes a feed beside each tag's and category's page, holding only its posts", () => {
  for (const [folder, terms] of [
    ['tags', model.terms.tags],
    ['categories', model.terms.categories],
  ] as const) {
    for (const term of terms) {
      const feed = parseXml(text(`blog/${folder}/${term.slug}/feed.xml`));
      const channel = feed.all('channel')[0]!;
      assert.equal(feed.childText(channel, 'link'), `${model.data.site.siteUrl}/blog/${folder}/${term.slug}/`);
      assert.match(feed.childText(channel, 'title') ?? '', new RegExp(term.name.replace(/[/]/g, '\\/')));
      assert.deepEqual(
        feed.all('item').map((item) => feed.childText(item, 'link')),
        term.items.map((slug) => `${model.data.site.siteUrl}/blog/${slug}/`),
      );
    }
  }
});

test("publishes the summaries of every post the blog's explorer filters, each image and author once, and the explorer reads them back", () => {
  const index = JSON.parse(text('blog/posts.json')) as PostsIndex;
  assert.equal(index.version, 2);
  assert.deepEqual(Object.keys(index.authors).sort(), [...new Set(model.posts.map((post) => post.author!))].sort());
  assert.deepEqual(
    index.posts.map((post) => post.href),
    model.posts.map((post) => `/blog/${post.slug}/`),
  );
  assert.deepEqual(Object.keys(index.images).sort(), [...new Set(model.posts.map((post) => post.image))].sort());
  const read = readPostsIndex(index)!;
  assert.deepEqual(
    read.map((post) => [
      post.title,
      post.excerpt,
      post.category,
      post.tags,
      post.image.src,
      post.image.alt,
      post.author?.name,
      post.author?.href,
    ]),
    model.posts.map((post) => [
      post.title,
      post.excerpt,
      post.category,
      post.tags,
      post.image,
      post.imageAlt,
      model.people.get(post.author!)!.name,
      `/blog/authors/${post.author}/`,
    ]),
  );
  assert.equal(readPostsIndex({ ...index, version: 1 }), undefined, 'another version is not read');
  assert.equal(
    readPostsIndex({ ...index, posts: [{ ...index.posts[0]!, author: 'no-one' }] }),
    undefined,
    'a post whose author is not listed is not read',
  );
  assert.equal(
    readPostsIndex({ ...index, posts: [{ ...index.posts[0], image: '/images/elsewhere.png' }] }),
    undefined,
    'a post whose image is not listed is not read',
  );
});
