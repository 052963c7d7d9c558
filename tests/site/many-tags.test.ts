// The blog's term lists stay the same size however many tags and categories the blog has: its
// list pages, each tag's page, the search page and the islands' props show the most used (40,
// blog.json's termLists.shown), with a link to a page listing every one, 200 to a page. So the
// build's output grows with posts and tags, never with their product. A blog of 200 posts with
// 10,000 distinct tags is modelled here and a page of each kind rendered, beside the same pages of
// a blog of 30 posts with 1,500 tags (tests/slow/many-tags.ts builds the 10,000-tag blog whole).
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { readFile, writeFile } from 'node:fs/promises';
import { loadContent } from '../../cli/load/load-content.ts';
import type { BlogExplorerProps } from '../../client/islands/BlogExplorer.tsx';
import { copyContent } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { sitePages, type SitePages } from '../helpers/site-pages.ts';
import { loadSiteModel, validateSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';
import { replacePostsWithSynthetic } from '../helpers/synthetic-posts.ts';

const tagsPerPost = 50;

/** The site with `posts` synthetic posts, each with 50 tags of its own. */
async function blogOf(posts: number): Promise<{ pages: SitePages; cleanup: () => Promise<void> }> {
  const copy = await copyContent();
  await replacePostsWithSynthetic(copy.content, posts);
  for (let index = 0; index < posts; index++) {
    const file = path.join(copy.content, 'posts', `synthetic-post-${index}.md`);
    const tags = Array.from({ length: tagsPerPost }, (_, tag) => JSON.stringify(`Topic ${index}-${tag}`)).join(', ');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^tags: .*$/m, `tags: [${tags}]`));
  }
  const raw = await loadContent(copy.content, realSite.definition.content);
  return {
    pages: await sitePages({
      given: { raw, model: validateSiteModel(raw) },
      markdown: false,
      assets: { search: '/pagefind/pagefind.js' },
    }),
    cleanup: copy.cleanup,
  };
}

const large = await blogOf(200);
const small = await blogOf(30);
const real = await sitePages({ given: await loadSiteModel(), markdown: false });
after(() => Promise.all([large.cleanup(), small.cleanup()]));

const html = (pages: SitePages, sitePath: string) => {
  const route = pages.routes.find((r) => r.path === sitePath);
  assert.ok(route, `${sitePath} is a route`);
  return pages.render(route).html;
};

/** The props an island was rendered with. */
function islandProps<T>(page: ReturnType<typeof parsePage>, name: string): T {
  const marker = page.all((e) => e.name === 'div' && e.attribs['data-island'] === name)[0]!;
  const script = page.all(
    (e) => e.name === 'script' && e.attribs['data-island-props'] === marker.attribs['data-id'],
  )[0]!;
  return JSON.parse(page.text(script)) as T;
}

const tagLinks = (page: ReturnType<typeof parsePage>) =>
  page.all((e) => e.name === 'a' && /^\/blog\/tags\/topic-[\d-]+\/$/.test(e.attribs.href ?? '')).length;

test('every tag keeps its page, and the pages listing them all take 200 to a page', () => {
  const { model, routes } = large.pages;
  assert.equal(model.terms.tags.length, 10_000);
  assert.equal(
    routes.filter((route) => route.page.kind === 'blog-term' && route.page.taxonomy === 'tag').length,
    10_000,
  );
  assert.deepEqual(
    routes
      .filter((route) => route.page.kind === 'blog-terms' && route.page.taxonomy === 'tag')
      .map((route) => route.path)
      .slice(0, 2),
    ['/blog/tags', '/blog/tags/page/2'],
  );
  assert.equal(routes.filter((route) => route.page.kind === 'blog-terms' && route.page.taxonomy === 'tag').length, 50);
});

test('no page grows with the number of tags: each is about the size of its page on a blog with far fewer', () => {
  for (const sitePath of [
    '/blog',
    '/blog/page/2',
    '/blog/tags/topic-0-0',
    '/blog/tags/topic-19-49',
    '/blog/tags',
    '/blog/categories',
    '/search',
  ]) {
    const [many, few] = [html(large.pages, sitePath), html(small.pages, sitePath)];
    assert.ok(
      many.length < few.length * 1.15,
      `${sitePath}: ${many.length} bytes with 10,000 tags, ${few.length} with 1,500`,
    );
    assert.ok(many.length < 100_000, `${sitePath}: ${many.length} bytes`);
  }
});

test('the blog lists the 40 most used tags and links the page of all 10,000; the explorer and the search get as many', () => {
  const page = parsePage(html(large.pages, '/blog'));
  const props = islandProps<BlogExplorerProps>(page, 'BlogExplorer');
  assert.equal(props.tags.length, 40);
  assert.deepEqual(props.more.tags, { name: 'All 10,000 tags', href: '/blog/tags/' });
  assert.equal(props.more.categories, undefined, 'six categories are all shown');
  assert.equal(tagLinks(page), 40);
  const search = islandProps<{ tags: string[] }>(parsePage(html(large.pages, '/search')), 'SiteSearch');
  assert.equal(search.tags.length, 40);
});

test("a tag's page lists the most used tags and its own, and the page of all of them", () => {
  const page = parsePage(html(large.pages, '/blog/tags/topic-199-49'));
  assert.equal(tagLinks(page), 41);
  const own = page.all((e) => e.name === 'a' && e.attribs.href === '/blog/tags/topic-199-49/')[0]!;
  assert.equal(own.attribs['aria-current'], 'true');
  assert.ok(
    page.all((e) => e.name === 'a' && e.attribs.href === '/blog/tags/' && page.text(e) === 'All 10,000 tags').length ===
      1,
  );
});

test('the page of every tag lists its 200, alphabetically, each with its count of posts, and its pager', () => {
  const page = parsePage(html(large.pages, '/blog/tags/page/2'));
  const items = page.all((e) => e.name === 'ul' && (e.attribs.class ?? '').includes('term-index'))[0]!;
  assert.ok(items);
  const names = page
    .all((e) => e.name === 'a' && /^\/blog\/tags\/topic-[\d-]+\/$/.test(e.attribs.href ?? ''))
    .map((e) => page.text(e));
  assert.equal(names.length, 200);
  assert.deepEqual(
    names,
    [...names].sort((a, b) => a.localeCompare(b)),
  );
  assert.deepEqual(page.texts('h1'), ['All tags, page 2 of 50']);
  assert.equal(page.all((e) => e.name === 'span' && e.attribs.class === 'term-count').length, 200);
});

test("with the site's own handful of tags, the blog lists All Tags and every tag alphabetically, with no link to more (SPEC)", () => {
  const page = parsePage(html(real, '/blog'));
  const props = islandProps<BlogExplorerProps>(page, 'BlogExplorer');
  const names = real.model.terms.tags.map((term) => term.name);
  assert.deepEqual(
    props.tags.map((tag) => tag.name),
    [...names].sort((a, b) => a.localeCompare(b)),
  );
  assert.ok(names.length >= 19);
  assert.deepEqual(props.more, {});
  const nav = page.all((e) => e.name === 'nav' && e.attribs['aria-label'] === real.model.data.blog.tagsHeading)[0]!;
  const shown = page
    .all((e) => e.name === 'a' && e.attribs.href !== undefined && isInside(e, nav))
    .map((e) => page.text(e));
  assert.deepEqual(shown, [real.model.data.blog.allTags, ...[...names].sort((a, b) => a.localeCompare(b))]);
});

/** Whether `element` lies inside `ancestor`. */
function isInside(element: { parent: unknown }, ancestor: unknown): boolean {
  for (let node = element.parent as { parent: unknown } | null; node; node = node.parent as { parent: unknown } | null)
    if (node === ancestor) return true;
  return false;
}
