import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { textContent } from 'domutils';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import type { RenderedPage } from '../../cli/render/render-page.ts';
import { templateFileOf } from '../../templates/pages/index.tsx';
import type { SiteModel } from '../../templates/site/model.ts';
import type { SitePage } from '../../templates/site/routes.ts';
import { projectRoot } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { sitePages, testAssets, type SiteRoute } from '../helpers/site-pages.ts';

// The marketing site's pages as the engine renders them with its definition: one model and one
// rendering of every route for the whole file. The engine's side (cli/render/render-page.ts) is
// tested on the tiny site in render-page.test.ts.

const pages = await sitePages();
const { model, routes, redirects } = pages;
const islandUrls = testAssets.islands!;
const rendered = new Map<string, RenderedPage>(routes.map((route) => [route.path, pages.render(route)]));
const routeOf = (kind: SitePage['kind']) => pages.routeOf(kind);
const renderedOf = (kind: SitePage['kind']) => rendered.get(routeOf(kind).path)!;

/** The island markers of a page, in document order. */
function islandMarkers(html: string) {
  const page = parsePage(html);
  return page
    .all((e) => e.name === 'div' && e.attribs['data-island'] !== undefined)
    .map((marker) => {
      const id = marker.attribs['data-id']!;
      const props = page.all((e) => e.name === 'script' && e.attribs['data-island-props'] === id);
      return {
        name: marker.attribs['data-island']!,
        when: marker.attribs['data-when'],
        id,
        src: marker.attribs['data-src'],
        className: marker.attribs.class,
        props,
      };
    });
}

test('renders every route to a complete document with exactly one h1', () => {
  for (const [urlPath, page] of rendered) {
    assert.ok(page.html.startsWith('<!DOCTYPE html><html'), urlPath);
    assert.ok(page.html.endsWith('</html>'), urlPath);
    assert.equal(parsePage(page.html).texts('h1').length, 1, `h1 count on ${urlPath}`);
  }
});

test('returns the route it rendered', () => {
  for (const [urlPath, page] of rendered) assert.equal(page.route.path, urlPath);
});

test('records the islands of each page kind', () => {
  assert.deepEqual(renderedOf('home').islands, ['TestimonialCarousel', 'VideoFacade']);
  assert.deepEqual(renderedOf('blog-index').islands, ['BlogExplorer']);
  assert.deepEqual(renderedOf('case-studies').islands, ['CaseStudyGallery']);
  assert.deepEqual(renderedOf('getting-started').islands, ['ConsultationForm']);
  assert.deepEqual(renderedOf('guide').islands, ['GuideForm']);
  assert.deepEqual(renderedOf('toolkit').islands, ['ToolkitForm']);
  for (const kind of ['blog-post', 'guide-article', 'legal', 'humans', 'not-found'] as const)
    assert.deepEqual(renderedOf(kind).islands, [], kind);
});

test('records exactly the islands whose markers are in the HTML, once each, on every page', () => {
  for (const [urlPath, page] of rendered) {
    const names = [...new Set(islandMarkers(page.html).map((marker) => marker.name))];
    assert.deepEqual(page.islands, names, urlPath);
    const eager = islandMarkers(page.html).filter((marker) => marker.when === 'load');
    assert.deepEqual(page.eagerIslands, [...new Set(eager.map((marker) => marker.name))], `${urlPath}: preloaded`);
  }
});

test('marks each island with its name, load condition, numbered id and bundle URL, with its props beside it', () => {
  const markers = islandMarkers(renderedOf('blog-index').html);
  assert.equal(markers.length, 1);
  const [marker] = markers;
  assert.deepEqual(
    { ...marker, props: marker!.props.length },
    {
      name: 'BlogExplorer',
      when: 'idle',
      id: 'island-0',
      src: '/assets/islands/BlogExplorer-TEST.js',
      className: 'island',
      props: 1,
    },
  );
  const home = islandMarkers(renderedOf('home').html)[0]!;
  assert.equal(home.when, 'visible', 'the default condition');
  assert.equal(home.src, islandUrls.TestimonialCarousel);
});

test('writes island props as JSON that parses back to the data the template passed', () => {
  const [marker] = islandMarkers(renderedOf('blog-index').html);
  const props = JSON.parse(textContent(marker!.props[0]!)) as { posts: { title: string; slug: string }[] };
  assert.deepEqual(
    props.posts.map((post) => post.slug),
    model.posts.map((post) => post.slug),
  );
  assert.deepEqual(
    props.posts.map((post) => post.title),
    model.posts.map((post) => post.title),
  );
});

test('a "</script>" in island props cannot close the props script or open another element', () => {
  const hostile = `Break </script><script>window.pwned = 1</script><!-- & \u2028 done`;
  const posts = model.posts.map((post, i) => (i === 0 ? { ...post, title: hostile } : post));
  const hostileModel: SiteModel = { ...model, posts };
  const html = pages.render(routeOf('blog-index'), hostileModel).html;
  const normal = parsePage(renderedOf('blog-index').html);
  const page = parsePage(html);
  assert.equal(
    page.all((e) => e.name === 'script').length,
    normal.all((e) => e.name === 'script').length,
    'no script element added',
  );
  const [marker] = islandMarkers(html);
  assert.doesNotMatch(textContent(marker!.props[0]!), /<\/script|<!--/i);
  const props = JSON.parse(textContent(marker!.props[0]!)) as { posts: { title: string }[] };
  assert.equal(props.posts[0]!.title, hostile);
});

test('renders no hydration script or module preload itself (island scripts are added later)', () => {
  for (const [urlPath, page] of rendered) {
    const parsed = parsePage(page.html);
    assert.equal(parsed.all((e) => e.name === 'link' && e.attribs.rel === 'modulepreload').length, 0, urlPath);
    assert.ok(!page.html.includes('/assets/hydrate'), urlPath);
  }
});

test('links the stylesheet from the assets on every page', () => {
  for (const [urlPath, page] of rendered) {
    const sheets = parsePage(page.html)
      .all((e) => e.name === 'link' && e.attribs.rel === 'stylesheet')
      .map((e) => e.attribs.href);
    assert.ok(sheets.includes('/assets/site-TEST.css'), urlPath);
  }
});

test('names an existing template file for every page kind', () => {
  for (const route of routes) {
    const file = templateFileOf(route.page);
    assert.match(file, /^templates\/pages\/[a-z-]+\.tsx$/);
    assert.ok(existsSync(path.join(projectRoot, file)), file);
  }
  assert.equal(templateFileOf({ kind: 'humans' }), 'templates/pages/content-page.tsx');
});

test('wraps a template failure in a render.failed error naming the template and the route source', () => {
  const missing: SiteRoute = {
    path: '/blog/missing',
    url: '/blog/missing/',
    file: 'blog/missing/index.html',
    page: { kind: 'blog-post', slug: 'missing' },
    source: 'content/posts/missing.md',
    indexable: true,
    bodies: [],
  };
  assert.throws(
    () => pages.render(missing),
    (error: unknown) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'render.failed');
      assert.equal(error.file, 'templates/pages/blog-post.tsx');
      assert.ok(error.cause instanceof Error);
      assert.match(error.hint ?? '', /content\/posts\/missing\.md/);
      return true;
    },
  );
});

test('renders a redirect page that refreshes to, links and names as canonical its target, and is not indexable', () => {
  const [redirect] = redirects;
  const page = pages.renderRedirect(redirect!);
  const parsed = parsePage(page.html);
  assert.equal(page.route.path, redirect!.from);
  assert.equal(page.route.file, redirect!.file);
  assert.equal(page.route.indexable, false);
  assert.equal(
    parsed.all((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'refresh')[0]?.attribs.content,
    `0; url=${redirect!.to}`,
  );
  assert.equal(
    parsed.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]?.attribs.href,
    model.data.site.siteUrl + redirect!.to,
  );
  assert.match(parsed.meta('robots') ?? '', /noindex/);
  assert.ok(parsed.all((e) => e.name === 'a' && e.attribs.href === redirect!.to).length >= 1);
  assert.deepEqual(page.islands, []);
});
