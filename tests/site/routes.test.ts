import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { routeClaims } from '../../cli/pipeline/claim-step.ts';
import {
  buildRedirects as buildRedirectsOf,
  buildRoutes as buildRoutesOf,
  type Route,
} from '../../cli/route/routes.ts';
import { checkOutputClaims } from '../../cli/write/output-claims.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import type { SitePage } from '../../templates/site/routes.ts';
import { loadSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// The marketing site's pages and redirects (templates/site/routes.ts) as the engine routes them.

const { model } = await loadSiteModel();
const site = realSite.definition;
const buildRoutes = (siteModel: SiteModel) => buildRoutesOf(site.routes(siteModel), site.settings(siteModel));
const buildRedirects = (siteModel: SiteModel, routes: Route<SitePage>[]) => {
  const redirects = buildRedirectsOf(site.redirects!(siteModel), site.settings(siteModel));
  checkOutputClaims(routeClaims(routes, redirects));
  return redirects;
};

test('lists every route of the SPEC route table, plus the search and 404 pages, a page per tag, category and author, and the pages listing tags and categories', () => {
  const paths = buildRoutes(model)
    .map((r) => r.path)
    .sort();
  const topics = ['bug-documentation', 'cursor-usage', 'playwright', 'productivity', 'test-data'];
  assert.deepEqual(
    paths,
    [
      '/',
      '/404',
      '/blog',
      '/blog/categories',
      '/blog/tags',
      ...['ai-testing', 'data', 'devops', 'documentation', 'manual-testing', 'tools'].map(
        (slug) => `/blog/categories/${slug}`,
      ),
      ...model.terms.tags.map((term) => `/blog/tags/${term.slug}`),
      ...model.posts.map((p) => `/blog/${p.slug}`).sort(),
      ...model.authors.map((author) => `/blog/authors/${author.id}`),
      '/case-studies',
      '/getting-started',
      ...topics.map((t) => `/guides/${t}`),
      ...topics.map((t) => `/guides/content/${t}`),
      '/humans',
      '/pom-files',
      '/privacy',
      '/search',
      '/services/devshops',
      '/services/legacy',
      '/services/non-traditional',
      '/services/startups',
      '/terms',
    ].sort(),
  );
});

test('writes each route to a folder index and addresses it with a trailing slash by default', () => {
  const routes = buildRoutes(model);
  const playwright = routes.find((r) => r.path === '/guides/content/playwright')!;
  assert.equal(playwright.file, 'guides/content/playwright/index.html');
  assert.equal(playwright.url, '/guides/content/playwright/');
  assert.deepEqual(
    routes.find((r) => r.path === '/')!,
    { ...routes.find((r) => r.path === '/')!, file: 'index.html', url: '/' },
  );
  assert.equal(routes.find((r) => r.page.kind === 'not-found')?.file, '404.html');
});

test('with trailingSlash "never", writes a.html files addressed without a slash', () => {
  const never = { ...model, data: { ...model.data, site: { ...model.data.site, trailingSlash: 'never' as const } } };
  const routes = buildRoutes(never);
  const playwright = routes.find((r) => r.path === '/guides/content/playwright')!;
  assert.equal(playwright.file, 'guides/content/playwright.html');
  assert.equal(playwright.url, '/guides/content/playwright');
  assert.equal(routes.find((r) => r.path === '/')!.file, 'index.html');
  assert.deepEqual(
    buildRedirects(never, routes).map((r) => [r.from, r.to, r.file]),
    [
      ['/services/dev-shops', '/services/devshops', 'services/dev-shops.html'],
      ['/contact', '/getting-started#contact-form', 'contact.html'],
      ['/rss.xml', '/feed.xml', 'rss.xml.html'],
      ['/atom.xml', '/feed.xml', 'atom.xml.html'],
      ['/index.xml', '/feed.xml', 'index.xml.html'],
    ],
  );
});

test('declares /services/dev-shops and /contact as redirects, and the feed addresses of other generators as the feed', () => {
  const redirects = buildRedirects(model, buildRoutes(model));
  assert.deepEqual(
    redirects.map((r) => [r.from, r.to, r.file]),
    [
      ['/services/dev-shops', '/services/devshops/', 'services/dev-shops/index.html'],
      ['/contact', '/getting-started/#contact-form', 'contact/index.html'],
      ['/rss.xml', '/feed.xml', 'rss.xml/index.html'],
      ['/atom.xml', '/feed.xml', 'atom.xml/index.html'],
      ['/index.xml', '/feed.xml', 'index.xml/index.html'],
    ],
  );
});

test('rejects a redirect that would overwrite a page, naming both sources', () => {
  const clash = { ...model, data: { ...model.data, redirects: [{ from: '/humans', to: '/' }] } };
  assert.throws(
    () => buildRedirects(clash, buildRoutes(clash)),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.equal(error.errors[0]!.code, 'routes.duplicate-output');
      assert.match(error.errors[0]!.message, /humans\/index\.html.*redirects\.json.*humans\.json/);
      return true;
    },
  );
});

/** The model with `count` posts, each a copy of the newest with its own slug, date and tags. */
function withPosts(count: number, tags: (index: number) => string[] = () => ['AI']): SiteModel {
  const [first] = model.posts;
  const posts = Array.from({ length: count }, (_, index) => ({
    ...first!,
    slug: `post-${index}`,
    tags: tags(index),
    date: new Date(Date.UTC(2024, 0, count - index)),
  }));
  const byTag = new Map<string, string[]>();
  for (const post of posts) for (const tag of post.tags) byTag.set(tag, [...(byTag.get(tag) ?? []), post.slug]);
  const tagTerms = [...byTag].map(([name, items]) => ({ name, slug: name.toLowerCase(), items }));
  const categories = [{ name: first!.category, slug: 'cat', items: posts.map((post) => post.slug) }];
  return { ...model, posts, terms: { tags: tagTerms, categories, shown: { tags: tagTerms, categories } } };
}

test('splits the blog and each tag and category into pages of content/data/blog.json pageSize, each dated by its newest post', () => {
  const size = model.data.blog.pageSize;
  const many = withPosts(size * 2 + 1, (index) => (index % 2 === 0 ? ['AI'] : ['QA']));
  const routes = buildRoutes(many);
  const pages = (prefix: string) =>
    routes.filter((r) => r.path === prefix || r.path.startsWith(`${prefix}/page/`)).map((r) => [r.path, r.page]);
  assert.deepEqual(pages('/blog'), [
    ['/blog', { kind: 'blog-index', page: 1 }],
    ['/blog/page/2', { kind: 'blog-index', page: 2 }],
    ['/blog/page/3', { kind: 'blog-index', page: 3 }],
  ]);
  assert.deepEqual(
    pages('/blog/tags/ai').map(([path]) => path),
    ['/blog/tags/ai', '/blog/tags/ai/page/2'],
    `${size + 1} posts tagged AI`,
  );
  assert.deepEqual(
    pages('/blog/categories/cat').map(([path]) => path),
    ['/blog/categories/cat', '/blog/categories/cat/page/2', '/blog/categories/cat/page/3'],
  );
  const second = routes.find((r) => r.path === '/blog/page/2')!;
  assert.equal(second.url, '/blog/page/2/');
  assert.equal(second.lastModified?.getTime(), many.posts[size]!.date.getTime(), 'a page is as new as its newest post');
  assert.ok(
    routes.every((r) => (r.path.startsWith('/blog/') ? r.indexable : true)),
    'every page of every list is in the sitemap',
  );
});

test('the real blog fits on its first page: no /blog/page/ address', () => {
  assert.ok(model.posts.length <= model.data.blog.pageSize);
  assert.deepEqual(
    buildRoutes(model).filter((r) => r.path.includes('/page/')),
    [],
  );
});
