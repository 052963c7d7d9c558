import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { RouteSpec, SiteSettings } from '../../cli/config/site-definition.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { buildRedirects, buildRoutes } from '../../cli/route/routes.ts';
import { routeClaims } from '../../cli/pipeline/claim-step.ts';
import { checkOutputClaims } from '../../cli/write/output-claims.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

// The tiny site's routes as the engine lays them out: /, /posts/hello, /posts/second and a 404
// page, a redirect from /old-home to /. The marketing site's are in tests/site/routes.test.ts.

const validated = validateStep(await loadStep(tinySite, tinyRoot, path.join(tinyRoot, 'content')), {
  now: new Date('2024-06-01T00:00:00Z'),
});
const model = validated.model as TinyModel;
const specs = tinySite.definition.routes(model) as RouteSpec<TinyPage>[];
const always: SiteSettings = { siteUrl: 'https://tiny.example', trailingSlash: 'always', language: 'en' };
const never: SiteSettings = { ...always, trailingSlash: 'never' };
const layout = (settings: SiteSettings) =>
  buildRoutes(specs, settings).map((route) => [route.path, route.url, route.file, route.indexable]);

test('writes each route to a folder index and addresses it with a trailing slash by default', () => {
  assert.deepEqual(validated.settings, always, "the tiny site's own settings");
  assert.deepEqual(layout(always), [
    ['/', '/', 'index.html', true],
    ['/posts/second', '/posts/second/', 'posts/second/index.html', true],
    ['/posts/hello', '/posts/hello/', 'posts/hello/index.html', true],
    ['/search', '/search/', 'search/index.html', false],
    ['/404', '/404', '404.html', false],
  ]);
});

test('with trailingSlash "never", writes a.html files addressed without a slash', () => {
  assert.deepEqual(layout(never), [
    ['/', '/', 'index.html', true],
    ['/posts/second', '/posts/second', 'posts/second.html', true],
    ['/posts/hello', '/posts/hello', 'posts/hello.html', true],
    ['/search', '/search', 'search.html', false],
    ['/404', '/404', '404.html', false],
  ]);
});

test('keeps what the site says of each page: its page, source, bodies and last change; no bodies when it names none', () => {
  const routes = buildRoutes(specs, always);
  const hello = routes.find((route) => route.path === '/posts/hello')!;
  assert.deepEqual(hello.page, { kind: 'post', slug: 'hello' });
  assert.equal(path.basename(hello.source), 'hello.md');
  assert.deepEqual(
    hello.bodies.map((file) => path.basename(file)),
    ['hello.md'],
  );
  assert.equal(hello.lastModified?.toISOString(), '2024-01-02T00:00:00.000Z');
  const home = routes.find((route) => route.path === '/')!;
  assert.deepEqual([home.bodies, 'lastModified' in home], [[], false]);
  const hidden = buildRoutes([{ path: '/drafts', page: { kind: 'home' }, source: 'x', indexable: false }], always);
  assert.deepEqual(
    hidden.map((route) => [route.file, route.indexable]),
    [['drafts/index.html', false]],
  );
});

test("puts a page's Markdown copy beside its HTML under either policy, never for a draft", () => {
  const copies = (settings: SiteSettings, drafts?: Set<string>) =>
    buildRoutes(specs, settings, drafts).map((route) => [route.path, route.copy?.file, route.copy?.url]);
  assert.deepEqual(copies(always).slice(0, 3), [
    ['/', 'index.md', '/index.md'],
    ['/posts/second', 'posts/second/index.md', '/posts/second/index.md'],
    ['/posts/hello', 'posts/hello/index.md', '/posts/hello/index.md'],
  ]);
  assert.deepEqual(copies(never)[1], ['/posts/second', 'posts/second.md', '/posts/second.md']);
  const hello = specs.find((spec) => spec.path === '/posts/hello')!;
  assert.deepEqual(
    copies(always, new Set([hello.source]))[2],
    ['/posts/hello', undefined, undefined],
    'a draft gets no copy',
  );
  const copy = hello.markdown!;
  assert.throws(
    () =>
      buildRoutes([{ path: '/404', page: { kind: 'not-found' }, source: 'x', notFound: true, markdown: copy }], always),
    /not-found page \/404/,
  );
  assert.throws(
    () => buildRoutes([{ path: '/a', page: { kind: 'home' }, source: 'x', markdown: copy }], always),
    /not one of the bodies its route shows/,
  );
});

test("lays a redirect's stub page at its old address and points it at the target under the policy, query and fragment kept", () => {
  const redirects = [
    { from: '/old-home/', to: '/' },
    { from: '/old-post', to: '/posts/hello?ref=old#top' },
    { from: '/feed', to: '/feed.xml' },
  ];
  assert.deepEqual(
    buildRedirects(redirects, always).map((r) => [r.from, r.to, r.file]),
    [
      ['/old-home', '/', 'old-home/index.html'],
      ['/old-post', '/posts/hello/?ref=old#top', 'old-post/index.html'],
      ['/feed', '/feed.xml', 'feed/index.html'],
    ],
  );
  assert.deepEqual(
    buildRedirects(redirects, never).map((r) => [r.from, r.to, r.file]),
    [
      ['/old-home', '/', 'old-home.html'],
      ['/old-post', '/posts/hello?ref=old#top', 'old-post.html'],
      ['/feed', '/feed.xml', 'feed.html'],
    ],
  );
});

test('writes an old address of any shape %-encoded, so that no character breaks a rule or reads as a placeholder, and lays its stub where the host decodes it', () => {
  const redirects = [
    { from: "/2019/05/c'est la vie.html", to: '/' },
    { from: '/notes/a:b*/', to: '/' },
    { from: '/café', to: '/' },
    { from: '/caf%C3%A9/', to: '/' },
    { from: '/100%-done', to: '/' },
  ];
  assert.deepEqual(
    buildRedirects(redirects, always).map((r) => [r.from, r.file]),
    [
      ["/2019/05/c'est%20la%20vie.html", "2019/05/c'est la vie.html"],
      ['/notes/a%3Ab%2A', 'notes/a:b*/index.html'],
      ['/caf%C3%A9', 'café/index.html'],
      ['/caf%C3%A9', 'café/index.html'],
      ['/100%25-done', '100%-done/index.html'],
    ],
  );
});

test('rejects a redirect that would overwrite a page, naming both sources', () => {
  const routes = buildRoutes(specs, always);
  const origin = { kind: 'data' as const, file: 'content/data/moves.json', field: '[0].from' };
  assert.throws(
    () =>
      checkOutputClaims(
        routeClaims(
          routes,
          buildRedirects([{ from: '/posts/hello', to: '/', origin: { ...origin, line: 3, column: 14 } }], always),
        ),
      ),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, e.file, e.line, e.column]),
        [['routes.duplicate-output', 'content/data/moves.json', 3, 14]],
      );
      assert.match(
        error.errors[0]!.message,
        /^posts\/hello\/index\.html is written twice: the redirect from \/posts\/hello \(content\/data\/moves\.json\) and the page \/posts\/hello \(.*hello\.md\)$/,
      );
      return true;
    },
  );
});

test('rejects two pages that write one file, at the second one', () => {
  const clash: RouteSpec<TinyPage>[] = [
    ...specs,
    { path: '/posts/hello/', page: { kind: 'home' }, source: 'content/data/site.json' },
  ];
  assert.throws(
    () => checkOutputClaims(routeClaims(buildRoutes(clash, always), [])),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, e.file]),
        [['routes.duplicate-output', 'content/data/site.json']],
      );
      assert.match(error.errors[0]!.message, /posts\/hello\/index\.html/);
      return true;
    },
  );
  assert.doesNotThrow(() =>
    checkOutputClaims(
      routeClaims(
        buildRoutes(
          [
            { path: '/a', page: { kind: 'home' }, source: 'x' },
            { path: '/404', page: { kind: 'not-found' }, source: 'y', notFound: true },
          ],
          never,
        ),
        [],
      ),
    ),
  );
});
