import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildRedirects as buildRedirectsOf, buildRoutes as buildRoutesOf, type Route } from '../../cli/route/routes.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import type { SitePage } from '../../templates/site/routes.ts';
import { loadSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/sites.ts';

// The marketing site's pages and redirects (templates/site/routes.ts) as the engine routes them.

const { model } = await loadSiteModel();
const site = realSite.definition;
const buildRoutes = (siteModel: SiteModel) => buildRoutesOf(site.routes(siteModel), site.settings(siteModel));
const buildRedirects = (siteModel: SiteModel, routes: Route<SitePage>[]) => buildRedirectsOf(site.redirects!(siteModel), routes, site.settings(siteModel));

test('lists every route of the SPEC route table, plus the search and 404 pages', () => {
  const paths = buildRoutes(model).map((r) => r.path).sort();
  const topics = ['bug-documentation', 'cursor-usage', 'playwright', 'productivity', 'test-data'];
  assert.deepEqual(paths, [
    '/', '/404', '/blog',
    ...model.posts.map((p) => `/blog/${p.slug}`).sort(),
    '/case-studies', '/getting-started',
    ...topics.map((t) => `/guides/${t}`), ...topics.map((t) => `/guides/content/${t}`),
    '/humans', '/pom-files', '/privacy', '/search',
    '/services/devshops', '/services/legacy', '/services/non-traditional', '/services/startups',
    '/terms',
  ].sort());
});

test('writes each route to a folder index and addresses it with a trailing slash by default', () => {
  const routes = buildRoutes(model);
  const playwright = routes.find((r) => r.path === '/guides/content/playwright')!;
  assert.equal(playwright.file, 'guides/content/playwright/index.html');
  assert.equal(playwright.url, '/guides/content/playwright/');
  assert.deepEqual(routes.find((r) => r.path === '/')!, { ...routes.find((r) => r.path === '/')!, file: 'index.html', url: '/' });
  assert.equal(routes.find((r) => r.page.kind === 'not-found')?.file, '404.html');
});

test('with trailingSlash "never", writes a.html files addressed without a slash', () => {
  const never = { ...model, data: { ...model.data, site: { ...model.data.site, trailingSlash: 'never' as const } } };
  const routes = buildRoutes(never);
  const playwright = routes.find((r) => r.path === '/guides/content/playwright')!;
  assert.equal(playwright.file, 'guides/content/playwright.html');
  assert.equal(playwright.url, '/guides/content/playwright');
  assert.equal(routes.find((r) => r.path === '/')!.file, 'index.html');
  assert.deepEqual(buildRedirects(never, routes).map((r) => [r.from, r.to, r.file]), [
    ['/services/dev-shops', '/services/devshops', 'services/dev-shops.html'],
    ['/contact', '/getting-started#contact-form', 'contact.html'],
  ]);
});

test('declares /services/dev-shops and /contact as redirects', () => {
  const redirects = buildRedirects(model, buildRoutes(model));
  assert.deepEqual(redirects.map((r) => [r.from, r.to, r.file]), [
    ['/services/dev-shops', '/services/devshops/', 'services/dev-shops/index.html'],
    ['/contact', '/getting-started/#contact-form', 'contact/index.html'],
  ]);
});

test('rejects a redirect that would overwrite a page, naming both sources', () => {
  const clash = { ...model, data: { ...model.data, redirects: [{ from: '/humans', to: '/' }] } };
  assert.throws(() => buildRedirects(clash, buildRoutes(clash)), (error: unknown) => {
    assert.ok(error instanceof SiteErrorList);
    assert.equal(error.errors[0]!.code, 'routes.duplicate-output');
    assert.match(error.errors[0]!.message, /humans\/index\.html.*humans\.json.*redirects\.json/);
    return true;
  });
});
