import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { BlogPosting, BreadcrumbList, ListItem, Organization, WithContext } from 'schema-dts';
import { buildRoutes, type Route } from '../../cli/route/routes.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import type { SitePage } from '../../templates/site/routes.ts';
import { escapeJsonForScript } from '../../templates/components/Layout.tsx';
import { pageStructuredData, type PageAddresses } from '../../templates/structured-data/page-structured-data.ts';
import { loadSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// The builders are typed with schema-dts, so a property schema.org does not define, or a value
// of the wrong kind, fails the type check; these tests hold the values to what search engines
// need: absolute URLs that agree with the page's canonical URL, positions, dates.

const site = 'https://www.checkpointqa.com';
let model: SiteModel;
let routes: Route<SitePage>[];

before(async () => {
  ({ model } = await loadSiteModel());
  routes = buildRoutes(realSite.definition.routes(model), realSite.definition.settings(model));
});

const routeAt = (routePath: string) => routes.find((route) => route.path === routePath)!;
const addresses = (url: string): PageAddresses => ({
  url,
  image: `${site}/social/card.png`,
  home: `${site}/`,
  logo: `${site}/social/logo.png`,
});
const crumbs = (list: WithContext<BreadcrumbList>) =>
  (list.itemListElement as ListItem[]).map((item) => [item.position, item.name, item.item]);

test('the home page carries the Organization with its logo and description', () => {
  const [organization, ...rest] = pageStructuredData(routeAt('/'), model, addresses(`${site}/`)) as [
    WithContext<Organization> & Record<string, unknown>,
  ];
  assert.equal(rest.length, 0);
  assert.deepEqual(
    [organization['@type'], organization.name, organization.url, organization.logo, organization.description],
    [
      'Organization',
      'Checkpoint QA',
      `${site}/`,
      { '@type': 'ImageObject', url: `${site}/social/logo.png` },
      model.data.site.description,
    ],
  );
});

test('a post carries a BlogPosting with the addresses the layout gives, and its trail through the blog', () => {
  const post = model.posts[0]!;
  const url = `${site}/blog/${post.slug}/`;
  const [posting, trail] = pageStructuredData(routeAt(`/blog/${post.slug}`), model, addresses(url)) as [
    WithContext<BlogPosting> & Record<string, unknown>,
    WithContext<BreadcrumbList>,
  ];
  assert.equal(posting['@type'], 'BlogPosting');
  assert.equal(posting.headline, post.title);
  assert.equal(posting.datePublished, post.date.toISOString().slice(0, 10));
  assert.deepEqual(posting.image, [`${site}/social/card.png`]);
  assert.equal(posting.url, url);
  assert.deepEqual(posting.mainEntityOfPage, { '@type': 'WebPage', '@id': url });
  assert.equal((posting.publisher as Organization & { name: string }).name, 'Checkpoint QA');
  assert.deepEqual(crumbs(trail), [
    [1, 'Checkpoint QA', `${site}/`],
    [2, model.data.blog.meta.title, `${site}/blog/`],
    [3, post.title, url],
  ]);
});

test("a guide article's trail passes through its guide's overview", () => {
  const url = `${site}/guides/content/playwright/`;
  const [trail] = pageStructuredData(routeAt('/guides/content/playwright'), model, addresses(url)) as [
    WithContext<BreadcrumbList>,
  ];
  const guide = model.data.guides.find((g) => g.topic === 'playwright')!;
  assert.deepEqual(
    crumbs(trail).map(([, name, item]) => [name, item]),
    [
      ['Checkpoint QA', `${site}/`],
      [guide.name, `${site}/guides/playwright/`],
      [model.guides.find((g) => g.topic === 'playwright')!.title, url],
    ],
  );
});

test('service and guide overview pages get a two-step trail; top-level pages none', () => {
  for (const routePath of ['/services/startups', '/guides/test-data']) {
    const items = pageStructuredData(routeAt(routePath), model, addresses(`${site}${routePath}/`));
    assert.deepEqual(
      items.map((item) => (item as { '@type': string })['@type']),
      ['BreadcrumbList'],
      routePath,
    );
    assert.equal(crumbs(items[0] as WithContext<BreadcrumbList>).length, 2);
  }
  for (const routePath of ['/blog', '/humans', '/terms', '/case-studies', '/404']) {
    assert.deepEqual(pageStructuredData(routeAt(routePath), model, addresses(`${site}${routePath}/`)), [], routePath);
  }
});

test('the trail writes the pages before the last under the site’s trailing-slash policy', () => {
  const never: SiteModel = { ...model, data: { ...model.data, site: { ...model.data.site, trailingSlash: 'never' } } };
  const post = model.posts[0]!;
  const [, trail] = pageStructuredData(
    routeAt(`/blog/${post.slug}`),
    never,
    addresses(`${site}/blog/${post.slug}`),
  ) as [unknown, WithContext<BreadcrumbList>];
  assert.deepEqual(
    crumbs(trail).map(([, , item]) => item),
    [`${site}/`, `${site}/blog`, `${site}/blog/${post.slug}`],
  );
});

test('JSON-LD text cannot end its script element', () => {
  const text = escapeJsonForScript({ headline: '</script><script>alert(1)</script> & \u2028' });
  assert.doesNotMatch(text, /<|>|&|\u2028/);
  assert.deepEqual(JSON.parse(text), { headline: '</script><script>alert(1)</script> & \u2028' });
});
