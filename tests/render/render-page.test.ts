import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { createElement } from 'react';
import { defineSite, type SiteDefinition } from '../../cli/config/site-definition.ts';
import { SiteError } from '../../cli/errors.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { renderPage, renderRedirect, type SharedContext } from '../../cli/render/render-page.ts';
import type { Route } from '../../cli/route/routes.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';
import { parsePage } from '../helpers/html.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

// One route rendered with a site's definition (cli/render/render-page.ts), on the tiny site:
// home, /posts/hello, /posts/second, the 404 page and a redirect from /old-home.

const routed = routeStep(
  validateStep(await loadStep(tinySite, tinyRoot, path.join(tinyRoot, 'content')), {
    now: new Date('2024-06-01T00:00:00Z'),
  }),
);
const site = tinySite.definition as SiteDefinition<TinyModel, TinyPage>;
const model = routed.model as TinyModel;
const routes = routed.routes as Route<TinyPage>[];
const markdown = new Map<string, RenderedMarkdown>();
for (const entry of routed.content.collections.posts!)
  markdown.set(entry.file, await renderMarkdown(entry.body, entry.bodyLine));
const shared: SharedContext<TinyModel> = {
  model,
  images: new Map(),
  markdown,
  assets: { stylesheet: '/assets/styles-TEST.css' },
};
const routeAt = (routePath: string) => routes.find((route) => route.path === routePath)!;
const hello = model.posts.find((post) => post.slug === 'hello')!;
const second = model.posts.find((post) => post.slug === 'second')!;

test('renders a route to a complete HTML document and returns the route it rendered', () => {
  for (const route of routes) {
    const page = renderPage(site, route, shared);
    assert.ok(page.html.startsWith('<!DOCTYPE html><html lang="en">'), route.path);
    assert.ok(page.html.endsWith('</html>'), route.path);
    assert.equal(page.route, route);
  }
  const home = parsePage(renderPage(site, routeAt('/'), shared).html);
  assert.deepEqual(home.texts('h1'), ['Tiny']);
  assert.ok(
    home.all((e) => e.name === 'link' && e.attribs.href === '/assets/styles-TEST.css').length === 1,
    'the assets reach the template',
  );
});

test('a page sees the Markdown bodies its route names and no other', () => {
  const seen: Record<string, string[]> = {};
  const spy: SiteDefinition<TinyModel, TinyPage> = defineSite({
    ...site,
    render: (page, context) => {
      seen[context.route.path] = [...context.markdown.keys()].map((file) => path.basename(file));
      return site.render(page, context);
    },
  });
  for (const route of routes) renderPage(spy, route, shared);
  assert.deepEqual(seen, {
    '/': [],
    '/posts/hello': ['hello.md'],
    '/posts/second': ['second.md'],
    '/search': [],
    '/404': [],
  });
  const post = parsePage(renderPage(site, routeAt('/posts/hello'), shared).html);
  assert.match(post.text(post.all((e) => e.name === 'article')[0]!), /The first post\. It links back home\./);
  assert.ok(!renderPage(site, routeAt('/posts/hello'), shared).html.includes('A second post'));
  assert.equal(markdown.get(hello.file)!.html.includes('back home'), true);
  assert.equal(markdown.get(second.file)!.html.includes('A second post'), true);
});

test('records every link the templates write, with the template file the site names as its origin, else its definition', () => {
  const home = renderPage(site, routeAt('/'), shared);
  assert.deepEqual(home.links, [
    { href: '/posts/second/', origin: { kind: 'template', file: 'sitegen.config.ts' } },
    { href: '/posts/hello/', origin: { kind: 'template', file: 'sitegen.config.ts' } },
  ]);
  assert.deepEqual(
    renderPage(site, routeAt('/'), shared, 'sites/tiny.config.ts').links.map((link) => link.origin.file),
    ['sites/tiny.config.ts', 'sites/tiny.config.ts'],
  );
  const named = defineSite({ ...site, templateFile: (page) => `templates/${page.kind}.tsx` });
  assert.deepEqual(
    renderPage(named, routeAt('/'), shared).links.map((link) => link.origin.file),
    ['templates/home.tsx', 'templates/home.tsx'],
  );
  assert.deepEqual(renderPage(site, routeAt('/404'), shared).links, []);
});

test('records the islands a page holds once each, in page order', () => {
  const withIslands = defineSite({
    ...site,
    render: (page: TinyPage, context) => {
      context.islands.push('Menu', 'Gallery', 'Menu');
      return site.render(page, context);
    },
  });
  assert.deepEqual(renderPage(withIslands, routeAt('/'), shared).islands, ['Menu', 'Gallery']);
  assert.deepEqual(renderPage(site, routeAt('/'), shared).islands, []);
});

test('wraps a template failure in a render.failed error naming the template and the route source', () => {
  const missing: Route<TinyPage> = {
    path: '/posts/missing',
    url: '/posts/missing/',
    file: 'posts/missing/index.html',
    page: { kind: 'post', slug: 'missing' },
    source: 'content/posts/missing.md',
    indexable: true,
    bodies: [],
  };
  assert.throws(
    () => renderPage(site, missing, shared),
    (error: unknown) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'render.failed');
      assert.equal(error.file, 'sitegen.config.ts');
      assert.ok(error.cause instanceof Error);
      assert.match(error.message, /^rendering \/posts\/missing failed: /);
      assert.match(error.hint ?? '', /content\/posts\/missing\.md/);
      return true;
    },
  );
  const throwing = defineSite({
    ...site,
    render: () =>
      createElement(() => {
        throw new Error('boom');
      }),
  });
  assert.throws(
    () => renderPage(throwing, routeAt('/'), shared),
    (error: unknown) => error instanceof SiteError && error.code === 'render.failed' && /boom/.test(error.message),
  );
});

test("renders a redirect's old address with the engine's page when the site has none: a refresh and a link, not indexable, no bodies", () => {
  const [redirect] = routed.redirects;
  assert.deepEqual(
    { from: redirect!.from, to: redirect!.to, file: redirect!.file },
    { from: '/old-home', to: '/', file: 'old-home/index.html' },
  );
  const page = renderRedirect(site, redirect!, shared);
  assert.deepEqual(
    {
      path: page.route.path,
      url: page.route.url,
      file: page.route.file,
      page: page.route.page,
      indexable: page.route.indexable,
      bodies: page.route.bodies,
    },
    {
      path: '/old-home',
      url: '/old-home',
      file: 'old-home/index.html',
      page: { kind: 'redirect', to: '/' },
      indexable: false,
      bodies: [],
    },
  );
  const parsed = parsePage(page.html);
  assert.equal(
    parsed.all((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'refresh')[0]?.attribs.content,
    '0; url=/',
  );
  assert.equal(parsed.all((e) => e.name === 'meta' && e.attribs.name === 'robots')[0]?.attribs.content, 'noindex');
  assert.deepEqual(page.links, [{ href: '/', origin: { kind: 'template', file: 'sitegen.config.ts' } }]);
});

test("the engine's redirect page writes any target as text: it adds no element", () => {
  const to = '/a"><script>alert(1)</script>?q=1&b=<i>';
  const parsed = parsePage(renderRedirect(site, { ...routed.redirects[0]!, to }, shared).html);
  assert.equal(
    parsed.all((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'refresh')[0]?.attribs.content,
    `0; url=${to}`,
  );
  assert.equal(parsed.all((e) => e.name === 'a')[0]?.attribs.href, to);
  assert.deepEqual(
    parsed.all((e) => e.name === 'script' || e.name === 'i'),
    [],
  );
});

test("renders a redirect's old address with the site's own redirect page when it has one", () => {
  const own = defineSite({ ...site, redirectPage: (): TinyPage => ({ kind: 'not-found' }) });
  const page = renderRedirect(own, routed.redirects[0]!, shared);
  assert.deepEqual(page.route.page, { kind: 'not-found' });
  assert.deepEqual(parsePage(page.html).texts('h1'), ['Not found']);
});
