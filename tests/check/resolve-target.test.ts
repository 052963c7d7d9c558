import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseHref, siteBase } from '../../cli/check/href.ts';
import { parseRedirectsFile } from '../../cli/static-host/redirect-rules.ts';
import { RedirectTable } from '../../cli/static-host/redirect-table.ts';
import { SiteResolver } from '../../cli/check/resolve-target.ts';

function resolverFor(
  files: string[],
  redirects = '',
  stubs: Record<string, string> = {},
  ids: Record<string, string[]> = {},
) {
  const table = new RedirectTable();
  for (const rule of parseRedirectsFile(redirects)) table.add(rule);
  const origins = new Set<string>();
  return new SiteResolver({
    files: new Set(files),
    refreshes: new Map(Object.entries(stubs).map(([file, to]) => [file, parseHref(to, siteBase + '/', origins)])),
    redirects: table,
    siteOrigins: origins,
    routes: ['/', '/about/', '/services/devshops/'],
    idsOf: (file) => new Set(ids[file] ?? []),
  });
}

test('serves /x from x/index.html or x.html, and /x/ from x/index.html', () => {
  const resolver = resolverFor(['index.html', 'about/index.html', 'terms.html', 'styles.css']);
  assert.equal(resolver.resolve('/').file, 'index.html');
  assert.equal(resolver.resolve('/about').file, 'about/index.html');
  assert.equal(resolver.resolve('/about/').file, 'about/index.html');
  assert.equal(resolver.resolve('/about/index.html').file, 'about/index.html');
  assert.equal(resolver.resolve('/terms').file, 'terms.html');
  assert.equal(resolver.resolve('/styles.css').file, 'styles.css');
  assert.equal(resolver.resolve('/terms/').problem?.code, 'links.missing-page');
});

test('tells a missing page from a missing file and suggests the closest route', () => {
  const resolver = resolverFor(['index.html', 'about/index.html', 'services/devshops/index.html', 'images/logo.png']);
  assert.deepEqual(resolver.resolve('/services/dev-shops').problem, {
    code: 'links.missing-page',
    reason: 'no such page',
    suggestion: '/services/devshops',
  });
  assert.deepEqual(resolver.resolve('/services/dev-shops/').problem?.suggestion, '/services/devshops/');
  assert.deepEqual(resolver.resolve('/images/logo@2x.png').problem, {
    code: 'links.missing-file',
    reason: 'no such file',
    suggestion: '/images/logo.png',
  });
});

test('follows redirects to their destination, keeping the redirect fragment', () => {
  const resolver = resolverFor(['getting-started/index.html'], '/contact /getting-started/#contact-form 301');
  assert.deepEqual(resolver.resolve('/contact'), {
    file: 'getting-started/index.html',
    chain: ['/contact', '/getting-started/'],
    redirected: true,
    fragment: 'contact-form',
  });
});

test("marks the host's own redirect from a folder to its address with a trailing slash", () => {
  const resolver = resolverFor(['getting-started/index.html'], '');
  assert.deepEqual(resolver.resolve('/getting-started'), {
    file: 'getting-started/index.html',
    chain: ['/getting-started', '/getting-started/'],
    redirected: true,
    fragment: undefined,
    trailingSlash: true,
  });
  assert.deepEqual(resolver.resolve('/getting-started/'), {
    file: 'getting-started/index.html',
    chain: ['/getting-started/'],
    redirected: false,
    fragment: undefined,
  });
});

test('treats a meta refresh page as a redirect', () => {
  const resolver = resolverFor(['old/index.html', 'new/index.html'], '', { 'old/index.html': '/new/' });
  assert.deepEqual(resolver.resolve('/old/'), {
    file: 'new/index.html',
    chain: ['/old/', '/new/'],
    redirected: true,
    fragment: undefined,
  });
});

test('reports a redirect loop and a redirect to nowhere', () => {
  const resolver = resolverFor([], '/a /b 301\n/b /a/ 301\n/gone /nowhere 301');
  assert.deepEqual(resolver.resolve('/a').problem, {
    code: 'links.redirect-loop',
    reason: 'redirect loop: /a → /b → /a/',
  });
  assert.equal(resolver.resolve('/gone').problem?.code, 'links.redirect-missing-target');
});

test('lets an existing file win over a redirect unless the rule is forced', () => {
  const resolver = resolverFor(['a/index.html', 'b/index.html', 'c/index.html'], '/a /c 301\n/b /c 301!');
  assert.equal(resolver.resolve('/a').file, 'a/index.html');
  assert.equal(resolver.resolve('/b').file, 'c/index.html');
});

test('does not count a 200 rewrite as a redirect', () => {
  const resolver = resolverFor(['app/index.html'], '/app/* /app/index.html 200');
  assert.equal(resolver.resolve('/app/settings').redirected, false);
  assert.equal(resolver.resolve('/app/settings').file, 'app/index.html');
});

test('checks fragments against the ids of HTML targets only', () => {
  const resolver = resolverFor([], '', {}, { 'about/index.html': ['team', 'history'] });
  assert.equal(resolver.checkFragment('about/index.html', 'team'), undefined);
  assert.equal(resolver.checkFragment('about/index.html', ''), undefined);
  assert.equal(resolver.checkFragment('about/index.html', 'top'), undefined);
  assert.equal(resolver.checkFragment('files/guide.pdf', 'page=2'), undefined);
  assert.deepEqual(resolver.checkFragment('about/index.html', 'tean'), {
    code: 'links.missing-fragment',
    reason: 'no element with id "tean"',
    suggestion: '#team',
  });
});

test('names a fragment that an id written in a Markdown body answers under the content namespace, and where it went', () => {
  const resolver = resolverFor([], '', {}, { 'blog/post/index.html': ['user-content-f1', 'setup'] });
  const problem = resolver.checkFragment('blog/post/index.html', 'f1');
  assert.equal(problem?.code, 'links.missing-fragment');
  assert.match(problem!.reason, /"f1" written in a Markdown body is published as "user-content-f1"/);
  assert.equal(problem?.suggestion, '#user-content-f1');
});
