import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Route } from '../../cli/route/routes.ts';
import { headersFor, parseHeadersFile } from '../../cli/static-host/header-rules.ts';
import { pagePatterns, renderHeadersFile } from '../../cli/write/headers-file.ts';
import { scriptHashSource } from '../../cli/render/inline-scripts.ts';

const route = (path: string, url: string, file: string): Route => ({
  path,
  url,
  file,
  page: { kind: 'home' },
  source: 'content/data/home.json',
  indexable: true,
  bodies: [],
});
const routes = [
  route('/', '/', 'index.html'),
  route('/blog', '/blog/', 'blog/index.html'),
  route('/blog/a', '/blog/a/', 'blog/a/index.html'),
  route('/humans', '/humans/', 'humans/index.html'),
  { ...route('/404', '/404', '404.html'), page: { kind: 'not-found' as const }, indexable: false },
];
// What a site adds to the engine's policy (its `csp`): a captcha's scripts, the origin its forms post to.
const additions = {
  'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  'connect-src': ['https://hooks.example.com'],
  'form-action': ['https://hooks.example.com'],
};
const policy = { additions, inlineScripts: ["document.documentElement.className='js'"] };
const rules = parseHeadersFile(renderHeadersFile(routes, policy));
const cacheOf = (path: string) => headersFor(rules, path)['Cache-Control'];

test('hashed assets are cached for a year and immutable', () => {
  assert.equal(cacheOf('/assets/site-ABC123.js'), 'public, max-age=31536000, immutable');
  assert.equal(cacheOf('/assets/chunks/chunk-XYZ.js'), 'public, max-age=31536000, immutable');
});

test('every page, at its address and by its file, is revalidated on each visit', () => {
  for (const path of ['/', '/blog/', '/blog/a/', '/blog/a/index.html', '/humans/', '/humans/index.html', '/404.html']) {
    assert.equal(cacheOf(path), 'public, max-age=0, must-revalidate', path);
  }
});

test('no path gets Cache-Control from two rules (hosts would join their values with a comma)', () => {
  for (const path of ['/', '/blog/', '/blog/a/', '/humans/', '/assets/a-1.js', '/images/logo.svg', '/feed.xml']) {
    assert.doesNotMatch(cacheOf(path) ?? '', /,.*max-age.*max-age/, path);
    assert.ok(!(cacheOf(path) ?? '').includes('max-age=0') || !(cacheOf(path) ?? '').includes('immutable'), path);
  }
});

test('every response gets the security headers and the Content-Security-Policy', () => {
  const headers = headersFor(rules, '/blog/a/');
  assert.equal(headers['X-Content-Type-Options'], 'nosniff');
  assert.equal(headers['Referrer-Policy'], 'strict-origin-when-cross-origin');
  assert.equal(headers['X-Frame-Options'], 'DENY');
  assert.match(headers['Permissions-Policy']!, /camera=\(\)/);
  const csp = headers['Content-Security-Policy']!;
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /connect-src 'self' https:\/\/hooks\.example\.com(;|$)/);
  assert.match(csp, /form-action 'self' https:\/\/hooks\.example\.com(;|$)/);
  assert.ok(
    csp.includes(scriptHashSource("document.documentElement.className='js'")),
    'the inline script is allowed by hash',
  );
  assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
  assert.match(
    csp,
    /script-src 'self' 'sha256-[^']+' https:\/\/www\.google\.com\/recaptcha\/ https:\/\/www\.gstatic\.com\/recaptcha\//,
  );
});

test('a thousand posts still make a handful of page rules (Cloudflare reads at most 100)', () => {
  const many = [
    ...routes,
    ...Array.from({ length: 1000 }, (_, i) => route(`/blog/p${i}`, `/blog/p${i}/`, `blog/p${i}/index.html`)),
  ];
  assert.deepEqual(pagePatterns(many), ['/', '/blog/*', '/humans/*', '/404.html']);
});

test('under the "never" policy a top-level page is matched by its address and its file', () => {
  assert.deepEqual(
    pagePatterns([route('/humans', '/humans', 'humans.html'), route('/blog/a', '/blog/a', 'blog/a.html')]),
    ['/humans/*', '/humans', '/humans.html', '/blog/*'],
  );
});

test('an image opened directly runs no script and loads nothing, under a policy added to the site one', () => {
  const csp = headersFor(rules, '/images/posts/cover.svg')['Content-Security-Policy']!;
  // The host joins the two rules' policies with a comma: two policies, and a browser enforces both.
  const [site, image] = csp.split(', ');
  assert.equal(site, headersFor(rules, '/blog/a/')['Content-Security-Policy']);
  assert.equal(image, "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  assert.doesNotMatch(image!, /script-src/, "no script source: default-src 'none' covers scripts");
  assert.equal(
    headersFor(rules, '/blog/a/')['Content-Security-Policy']!.split(', ').length,
    1,
    'pages get the site policy only',
  );
});

test('with search, only the search page and the index get the policy allowing WebAssembly; every page folder adds the one without it', () => {
  const search = route('/search', '/search/', 'search/index.html');
  const withSearch = parseHeadersFile(
    renderHeadersFile([...routes, search], policy, { route: search, folder: 'pagefind' }),
  );
  const policies = (path: string) => headersFor(withSearch, path)['Content-Security-Policy']!.split(', ');
  const wasm = /script-src [^;]*'wasm-unsafe-eval'/;
  for (const path of ['/search/', '/search/index.html', '/pagefind/pagefind.js', '/pagefind/index/en_1.pf_index']) {
    assert.deepEqual(
      policies(path).map((one) => wasm.test(one)),
      [true],
      path,
    );
  }
  for (const path of ['/', '/blog/a/', '/humans/', '/404.html']) {
    assert.deepEqual(
      policies(path).map((one) => wasm.test(one)),
      [true, false],
      `${path}: both policies, and the second forbids WebAssembly`,
    );
    assert.equal(
      policies(path)[1],
      headersFor(rules, path)['Content-Security-Policy'],
      `${path}: the policy a site without search has`,
    );
  }
  assert.equal(
    headersFor(withSearch, '/pagefind/index/en_1.pf_index')['Cache-Control'],
    'public, max-age=31536000, immutable',
  );
  assert.equal(
    headersFor(withSearch, '/pagefind/pagefind.js')['Cache-Control'],
    undefined,
    'its script and entry file keep their names: the host revalidates them',
  );
  assert.equal(headersFor(withSearch, '/search/')['Cache-Control'], 'public, max-age=0, must-revalidate');
});
