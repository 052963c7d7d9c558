import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { writeFile } from 'node:fs/promises';
import { loadContent } from '../../cli/load/load-content.ts';
import type { BlogExplorerProps } from '../../client/islands/BlogExplorer.tsx';
import { copyContent } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { sitePages } from '../helpers/site-pages.ts';
import { validateSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';
import { syntheticPost } from '../helpers/synthetic-posts.ts';

// The blog's list pages at more than one page of posts: the real content with 60 older posts
// added (tests/helpers/synthetic-posts.ts), rendered as a build renders them.

const extra = 60;
const copy = await copyContent();
after(() => copy.cleanup());
await Promise.all(
  Array.from({ length: extra }, (_, i) =>
    writeFile(path.join(copy.content, 'posts', `synthetic-post-${i}.md`), syntheticPost(i)),
  ),
);
const raw = await loadContent(copy.content, realSite.definition.content);
const model = validateSiteModel(raw);
const pages = await sitePages({ given: { raw, model }, markdown: false });
const size = model.data.blog.pageSize;
const lastPage = Math.ceil(model.posts.length / size);
const html = (sitePath: string) => {
  const route = pages.routes.find((r) => r.path === sitePath);
  assert.ok(route, `${sitePath} is a route`);
  return pages.render(route).html;
};

/** The explorer's props on a page of the blog's list. */
function explorerProps(page: ReturnType<typeof parsePage>): BlogExplorerProps {
  const marker = page.all((e) => e.name === 'div' && e.attribs['data-island'] === 'BlogExplorer')[0]!;
  const script = page.all(
    (e) => e.name === 'script' && e.attribs['data-island-props'] === marker.attribs['data-id'],
  )[0]!;
  return JSON.parse(page.text(script)) as BlogExplorerProps;
}

const hrefs = (page: ReturnType<typeof parsePage>, predicate: (attribs: Record<string, string>) => boolean) =>
  page.all((e) => e.name === 'a' && predicate(e.attribs)).map((a) => a.attribs.href);

test('the first page lists its page of posts with the featured three, a pager and rel="next", and hands the explorer only those', () => {
  const page = parsePage(html('/blog'));
  const props = explorerProps(page);
  assert.deepEqual(
    props.posts.map((post) => post.slug),
    model.posts.slice(0, size).map((post) => post.slug),
  );
  assert.deepEqual(
    props.featured.map((post) => post.slug),
    model.posts.slice(0, 3).map((post) => post.slug),
  );
  assert.equal(props.indexUrl, '/blog/posts.json');
  assert.deepEqual(
    page.all((e) => e.name === 'link' && e.attribs.rel === 'next').map((l) => l.attribs.href),
    ['/blog/page/2/'],
  );
  assert.deepEqual(
    page.all((e) => e.name === 'link' && e.attribs.rel === 'prev'),
    [],
  );
  const pager = page.all((e) => e.name === 'nav' && e.attribs['aria-label'] === model.data.blog.pager.label)[0];
  assert.ok(pager, 'a pager');
  assert.deepEqual(
    hrefs(page, (a) => a.rel === 'next'),
    ['/blog/page/2/'],
  );
  assert.deepEqual(
    hrefs(page, (a) => a['aria-current'] === 'page'),
    ['/blog/'],
  );
  assert.ok(hrefs(page, () => true).includes(`/blog/page/${lastPage}/`), 'the last page is a link');
});

test('a later page names its number in its title and h1, is its own canonical, links both neighbours and shows no featured block', () => {
  const page = parsePage(html('/blog/page/2'));
  assert.match(page.texts('title')[0]!, new RegExp(`page 2 of ${lastPage}`));
  assert.match(page.texts('h1')[0]!, /page 2 of/);
  assert.equal(
    page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]!.attribs.href,
    `${model.data.site.siteUrl}/blog/page/2/`,
  );
  assert.deepEqual(
    hrefs(page, (a) => a.rel === 'prev'),
    ['/blog/'],
  );
  assert.deepEqual(
    hrefs(page, (a) => a.rel === 'next'),
    [lastPage > 2 ? '/blog/page/3/' : undefined].filter(Boolean),
  );
  const props = explorerProps(page);
  assert.deepEqual(
    props.posts.map((post) => post.slug),
    model.posts.slice(size, size * 2).map((post) => post.slug),
  );
  assert.deepEqual(props.featured, []);
});

test('the sidebar links every category and tag to its page, so filtering by one works without JavaScript', () => {
  const page = parsePage(html('/blog'));
  const tagHrefs = hrefs(page, (a) => a.href?.startsWith('/blog/tags/') ?? false);
  assert.deepEqual(
    tagHrefs,
    model.terms.tags.map((term) => `/blog/tags/${term.slug}/`),
  );
  assert.deepEqual(
    hrefs(page, (a) => a.href?.startsWith('/blog/categories/') ?? false),
    model.terms.categories.map((term) => `/blog/categories/${term.slug}/`),
  );
});

test("a tag's page lists its posts with their cards, marks its tag, links its feed, and loads no script but the site's own", () => {
  const term = model.terms.tags.find((candidate) => candidate.items.length > size)!;
  assert.ok(term, 'a tag with more than a page of posts');
  const page = parsePage(html(`/blog/tags/${term.slug}`));
  assert.deepEqual(page.texts('h1'), [`Posts tagged “${term.name}”`]);
  // The heading names the tag; the count under it does not say it again.
  const hero = page.all((e) => e.name === 'section' && (e.attribs.class ?? '').split(' ').includes('page-hero'))[0]!;
  assert.equal(page.text(hero).split(term.name).length - 1, 1, page.text(hero));
  assert.match(page.text(hero), new RegExp(`${term.items.length} posts`));
  const cards = hrefs(page, (a) => a.class === 'read-more');
  assert.deepEqual(
    cards,
    term.items.slice(0, size).map((slug) => `/blog/${slug}/`),
  );
  assert.deepEqual(
    hrefs(page, (a) => a['aria-current'] === 'true'),
    [`/blog/tags/${term.slug}/`],
  );
  assert.deepEqual(
    hrefs(page, (a) => a.rel === 'next'),
    [`/blog/tags/${term.slug}/page/2/`],
  );
  assert.deepEqual(
    page.all((e) => e.name === 'link' && e.attribs.type === 'application/rss+xml').map((l) => l.attribs.href),
    ['/feed.xml', `/blog/tags/${term.slug}/feed.xml`],
  );
  assert.deepEqual(
    page.all((e) => e.name === 'div' && e.attribs['data-island'] !== undefined),
    [],
    'no island',
  );
  assert.deepEqual(
    page.all((e) => e.name === 'script' && e.attribs.src !== undefined).map((s) => s.attribs.src),
    ['/assets/site-TEST.js'],
  );
});

test('a category\'s page marks its category, not "All Categories" or a tag', () => {
  const term = model.terms.categories[0]!;
  const page = parsePage(html(`/blog/categories/${term.slug}`));
  assert.deepEqual(
    hrefs(page, (a) => a['aria-current'] === 'true'),
    [`/blog/categories/${term.slug}/`],
  );
});
