import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isFilePath, pageFileFor, pageHref } from '../../cli/route/trailing-slash.ts';
import { hangBound } from '../helpers/hang-bound.ts';

test('"always" adds a slash to page paths, keeping query and fragment', () => {
  assert.equal(pageHref('/blog', 'always'), '/blog/');
  assert.equal(pageHref('/blog/', 'always'), '/blog/');
  assert.equal(pageHref('/blog?tag=AI', 'always'), '/blog/?tag=AI');
  assert.equal(pageHref('/getting-started#contact-form', 'always'), '/getting-started/#contact-form');
  assert.equal(pageHref('/case-studies?playVideo=a%2Fb#x', 'always'), '/case-studies/?playVideo=a%2Fb#x');
});

test('"never" drops trailing slashes from page paths, keeping query and fragment', () => {
  assert.equal(pageHref('/blog/', 'never'), '/blog');
  assert.equal(pageHref('/blog//', 'never'), '/blog');
  assert.equal(pageHref('/blog/?tag=AI', 'never'), '/blog?tag=AI');
  assert.equal(pageHref('/blog', 'never'), '/blog');
});

test('leaves the root, files, fragments, queries and other origins alone', () => {
  for (const policy of ['always', 'never'] as const) {
    for (const href of [
      '/',
      '/#services',
      '/feed.xml',
      '/images/a.svg',
      '/assets/site-ABC.js?x',
      '#top',
      '?tag=a',
      'https://example.com/a',
      '//cdn.example/a',
      'mailto:a@b.c',
    ]) {
      assert.equal(pageHref(href, policy), href, `${policy} ${href}`);
    }
  }
});

test('a page file matches its policy, and the root and nested pages map as hosts expect', () => {
  assert.equal(pageFileFor('/', 'always'), 'index.html');
  assert.equal(pageFileFor('/', 'never'), 'index.html');
  assert.equal(pageFileFor('/services/devshops', 'always'), 'services/devshops/index.html');
  assert.equal(pageFileFor('/services/devshops/', 'always'), 'services/devshops/index.html');
  assert.equal(pageFileFor('/services/devshops', 'never'), 'services/devshops.html');
});

test('a dot in the last segment marks a file path', () => {
  assert.equal(isFilePath('/feed.xml'), true);
  assert.equal(isFilePath('/v1.2/notes'), false);
  assert.equal(isFilePath('/blog'), false);
});

test('a long run of slashes is trimmed in linear time', () => {
  const started = performance.now();
  assert.equal(pageHref(`/a${'/'.repeat(200_000)}x`, 'always'), `/a${'/'.repeat(200_000)}x/`);
  assert.equal(pageHref(`/a${'/'.repeat(200_000)}`, 'never'), '/a');
  assert.ok(performance.now() - started < hangBound);
});
