import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentBase, parseHref, siteBase, siteOriginsOf } from '../../cli/check/href.ts';

const origins = siteOriginsOf('https://www.checkpointqa.com');
const at = (page: string, base?: string) => documentBase(page, base, origins);

test('ignores the query string and splits off the fragment', () => {
  assert.deepEqual(parseHref('/about/?ref=nav#team', at('/'), origins), {
    type: 'internal',
    path: '/about/',
    fragment: 'team',
  });
});

test('percent-decodes paths and fragments', () => {
  assert.deepEqual(parseHref('/caf%C3%A9/#r%C3%A9sum%C3%A9', at('/'), origins), {
    type: 'internal',
    path: '/café/',
    fragment: 'résumé',
    rawFragment: 'r%C3%A9sum%C3%A9',
  });
  assert.deepEqual(parseHref('/café/', at('/'), origins), { type: 'internal', path: '/café/' });
});

test('resolves relative paths against the page and its <base>', () => {
  assert.deepEqual(parseHref('../pricing/', at('/services/devshops/'), origins), {
    type: 'internal',
    path: '/services/pricing/',
  });
  assert.deepEqual(parseHref('intro/', at('/docs/guide/', '/docs/'), origins), {
    type: 'internal',
    path: '/docs/intro/',
  });
  assert.deepEqual(parseHref('#steps', at('/docs/guide/', '/docs/'), origins), {
    type: 'internal',
    path: '/docs/',
    fragment: 'steps',
  });
});

test('rejects a relative path that climbs above the site root', () => {
  const target = parseHref('../../../pricing.html', at('/blog/post/'), origins);
  assert.equal(target.type === 'invalid' && target.code, 'links.outside-site');
  assert.equal(parseHref('../../pricing.html', at('/blog/post/'), origins).type, 'internal');
});

test('treats the site origin as internal over http and https, other hosts as external', () => {
  assert.deepEqual(parseHref('https://www.checkpointqa.com/blog/', at('/'), origins), {
    type: 'internal',
    path: '/blog/',
  });
  assert.deepEqual(parseHref('http://www.checkpointqa.com/blog/', at('/'), origins), {
    type: 'internal',
    path: '/blog/',
  });
  assert.deepEqual(parseHref('https://example.org/a#b', at('/'), origins), {
    type: 'external',
    url: 'https://example.org/a',
  });
  assert.deepEqual(parseHref('//cdn.example.org/x.js', at('/'), origins), {
    type: 'external',
    url: 'https://cdn.example.org/x.js',
  });
});

test('skips non-web schemes and empty hrefs', () => {
  for (const href of ['mailto:a@b.c', 'tel:+1555', 'javascript:void(0)', 'data:image/png;base64,AAAA', '', '   ']) {
    assert.deepEqual(parseHref(href, at('/'), origins), { type: 'skip' }, href);
  }
});

test('reports malformed percent-encoding', () => {
  const target = parseHref('/bad%E0%A4%A', at('/'), origins);
  assert.equal(target.type === 'invalid' && target.code, 'links.bad-url');
});

test('bases a page with an off-site <base> outside the site', () => {
  assert.equal(at('/x/', 'https://cdn.example.org/'), 'https://cdn.example.org/');
  assert.equal(at('/x/', 'https://www.checkpointqa.com/docs/'), `${siteBase}/docs/`);
});
