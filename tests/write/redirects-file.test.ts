import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { renderRedirectsFile } from '../../cli/write/redirects-file.ts';

test('writes forced "from to 301!" lines for each redirect, with and without its trailing slash, in order', () => {
  const text = renderRedirectsFile([
    { from: '/services/dev-shops', to: '/services/devshops/', file: 'services/dev-shops/index.html' },
    { from: '/contact', to: '/getting-started/#contact-form', file: 'contact/index.html' },
  ]);
  assert.equal(
    text,
    [
      '/services/dev-shops /services/devshops/ 301!',
      '/services/dev-shops/ /services/devshops/ 301!',
      '/contact /getting-started/#contact-form 301!',
      '/contact/ /getting-started/#contact-form 301!',
      '',
    ].join('\n'),
  );
});

test('each line splits into exactly three fields with a forced permanent status', () => {
  const text = renderRedirectsFile([{ from: '/a', to: 'https://other.example/b?x=1', file: 'a/index.html' }]);
  const rules = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(/\s+/));
  assert.deepEqual(rules, [
    ['/a', 'https://other.example/b?x=1', '301!'],
    ['/a/', 'https://other.example/b?x=1', '301!'],
  ]);
});

test('holds no rule when there are no redirects', () => {
  assert.deepEqual(
    renderRedirectsFile([])
      .split('\n')
      .filter((line) => line.trim() !== ''),
    [],
  );
});

test('refuses a redirect whose field would break its line, naming the redirect', () => {
  for (const [from, to] of [
    ['/contact', '/getting-started\n/* https://evil.example/:splat 200!'],
    ['/a b', '/b'],
    ['/a', '/b\tc'],
    ['/a', '/b\rc'],
    ['/a', '/b\u2028c'],
    ['/a', ''],
  ]) {
    assert.throws(
      () =>
        renderRedirectsFile([
          { from: '/ok', to: '/fine', file: 'ok/index.html' },
          { from: from!, to: to!, file: 'x/index.html' },
        ]),
      (error) => {
        assert.ok(error instanceof SiteError);
        assert.equal(error.code, 'write.bad-redirect-rule');
        assert.ok(error.message.startsWith(`redirect from ${JSON.stringify(from)}: `), error.message);
        return true;
      },
      JSON.stringify([from, to]),
    );
  }
});
