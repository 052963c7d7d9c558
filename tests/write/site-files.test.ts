import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import type { RenderedStep } from '../../cli/pipeline/render-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { siteFiles } from '../../cli/pipeline/write-step.ts';
import type { SiteManifest } from '../../cli/write/route-manifest.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';
import { parseXml } from '../helpers/xml.ts';
import { claimStep } from '../../cli/pipeline/claim-step.ts';

// Every file of a build besides pages and raster images (cli/pipeline/write-step.ts), for the
// tiny site: pages /, /posts/hello (2024-01-02), /posts/second (2024-02-03), a 404 page, a
// redirect from /old-home and a feed at /feed.xml. The marketing site's are in tests/site/site-files.test.ts.

const routed = routeStep(
  validateStep(await loadStep(tinySite, tinyRoot, path.join(tinyRoot, 'content')), {
    now: new Date('2024-06-01T00:00:00Z'),
  }),
);
const bundle = sampleBundle();
const second = routed.routes.find((route) => route.path === '/posts/second')!;
// One Markdown link on the third body line of the second post, its file absolute; the other bodies have none recorded.
const bodyLinks = new Map([
  [
    second.path,
    [
      {
        href: '/posts/hello/',
        origin: {
          kind: 'markdown' as const,
          file: path.join(tinyRoot, 'content', 'posts', 'second.md'),
          line: 7,
          column: 5,
        },
      },
    ],
  ],
]);
const rendered: RenderedStep = {
  ...routed,
  bundle,
  pages: routed.routes.map((route) => ({
    route,
    links:
      route.path === '/' ? [{ href: '/posts/hello/', origin: { kind: 'template', file: 'templates/pages.tsx' } }] : [],
    islands: [],
  })),
  bodyLinks,
  inlineScripts: new Set(["document.documentElement.className='js'"]),
  renderedPages: routed.routes.length,
  imageIndex: new Map(),
  warnings: [],
  copies: new Map(),
};
const files = siteFiles(rendered, claimStep(rendered, { outputs: [], index: rendered.imageIndex }, { files: [] }));
const text = (file: string) => {
  const contents = files.get(file);
  assert.equal(typeof contents, 'string', file);
  return contents as string;
};

test('holds the bundle files and images at their URL paths without the leading slash', () => {
  for (const file of bundle.files) assert.equal(files.get(file.url.slice(1)), file.contents, file.url);
  assert.deepEqual(
    routed.images.svg.map((image) => image.url),
    ['/images/square.svg'],
  );
  assert.equal(files.get('images/square.svg'), routed.images.svg[0]!.contents);
});

test('holds the sitemap, robots.txt, feed, _redirects, _headers and the route manifest, and no page', () => {
  for (const name of ['sitemap.xml', 'robots.txt', 'feed.xml', '_redirects', '_headers', '.sitegen-manifest.json'])
    assert.ok(files.has(name), name);
  assert.ok(![...files.keys()].some((file) => file.endsWith('.html')), 'pages are written by the caller');
});

test("dates each page in the sitemap by its route's last change, and leaves out the 404 page", () => {
  const sitemap = parseXml(text('sitemap.xml'));
  const lastmod = sitemap.all('url').map((url) => [sitemap.childText(url, 'loc'), sitemap.childText(url, 'lastmod')]);
  assert.deepEqual(lastmod, [
    ['https://tiny.example/', undefined],
    ['https://tiny.example/posts/second/', '2024-02-03'],
    ['https://tiny.example/posts/hello/', '2024-01-02'],
  ]);
});

test("writes each feed of the site at its path, with the site's origin", () => {
  const feed = parseXml(text('feed.xml'));
  const channel = feed.all('channel')[0]!;
  assert.equal(feed.childText(channel, 'title'), 'Tiny');
  assert.deepEqual(
    feed.all('item').map((item) => feed.childText(item, 'link')),
    ['https://tiny.example/posts/second/', 'https://tiny.example/posts/hello/'],
  );
  assert.ok(!files.has('rss.xml'));
});

test('writes a forced _redirects rule for every redirect, with and without its slash', () => {
  assert.deepEqual(text('_redirects').trim().split('\n'), ['/old-home / 301!', '/old-home/ / 301!']);
});

test('gives robots.txt the sitemap at the site origin', () => {
  assert.match(text('robots.txt'), /^Sitemap: https:\/\/tiny\.example\/sitemap\.xml$/m);
});

test("allows the pages' inline scripts in the _headers policy by hash", () => {
  assert.match(text('_headers'), /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
});

test('records template and Markdown links in the manifest under their page, with the project-relative file and line', () => {
  const manifest = JSON.parse(text('.sitegen-manifest.json')) as SiteManifest;
  assert.equal(manifest.siteUrl, 'https://tiny.example');
  assert.deepEqual(
    manifest.routes.map((route) => [route.path, route.file]),
    [
      ['/', 'index.html'],
      ['/posts/second/', 'posts/second/index.html'],
      ['/posts/hello/', 'posts/hello/index.html'],
      ['/search/', 'search/index.html'],
      ['/404/', '404.html'],
    ],
  );
  const [[href, index]] = manifest.links['/posts/second/']! as [[string, number]];
  assert.equal(href, '/posts/hello/');
  assert.deepEqual(manifest.origins[index], { kind: 'markdown', file: 'content/posts/second.md', line: 7, column: 5 });
  assert.deepEqual(manifest.links['/posts/hello/'], []);
  assert.deepEqual(
    manifest.links['/']!.map(([link, origin]) => [link, manifest.origins[origin]]),
    [['/posts/hello/', { kind: 'template', file: 'templates/pages.tsx' }]],
  );
  assert.deepEqual(manifest.redirects, [{ from: '/old-home', to: '/' }]);
});
