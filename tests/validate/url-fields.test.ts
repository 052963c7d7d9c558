import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  absoluteUrlProblem,
  externalUrl,
  href,
  redirectSource,
  redirectSourceProblem,
  siteOrigin,
  sitePath,
  sitePathProblem,
} from '../../cli/validate/url-fields.ts';

test('accepts the site paths the site uses', () => {
  for (const value of [
    '/',
    '/blog',
    '/guides/test-data',
    '/#guides',
    '#contact-form',
    '/getting-started#contact-form',
    '/feed.xml',
    '/a?plan=pro&x=1',
    '/caf%C3%A9',
  ]) {
    assert.equal(sitePathProblem(value), undefined, value);
    assert.ok(href.safeParse(value).success, value);
  }
});

test('refuses hrefs that leave the site, run script or break a line', () => {
  const refused = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    'https://evil.example',
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '/a\\b',
    '/./a',
    '/a/../b',
    '/a//b',
    '/getting-started\n/* https://evil.example 200!',
    '/a b',
    '/a\tb',
    '/a\u2028b',
    '/a\u00a0b',
    '/a"b',
    "/a'b",
    '/a<b>',
    '/a%zz',
    '/a#b c',
    '#',
    '#a b',
    '',
    'blog',
  ];
  for (const value of refused) {
    assert.notEqual(sitePathProblem(value), undefined, JSON.stringify(value));
    assert.equal(href.safeParse(value).success, false, JSON.stringify(value));
  }
});

test('a redirect target is a site path, never an in-page anchor alone', () => {
  assert.ok(sitePath.safeParse('/getting-started#contact-form').success);
  assert.equal(sitePath.safeParse('#contact-form').success, false);
});

test('external URLs are https with a host, printable and without credentials', () => {
  for (const value of [
    'https://www.youtube.com/embed/Qx7Lm2RtK9a',
    'https://hooks.zapier.com/hooks/catch/1/x/',
    'https://a.example:8443/p?q=1#f',
  ]) {
    assert.ok(externalUrl.safeParse(value).success, value);
  }
  const refused = [
    'javascript:alert(1)',
    'http://evil.example/x',
    'ftp://a.example',
    'https:evil.example',
    'https:/evil.example',
    'https://user:pw@a.example/',
    'https://a.example/\nDisallow: /',
    'https://a.example/ x',
    'https://a.example/"x',
    'https://a.example/<x>',
    'https://a.example\\@b.example',
    '//a.example',
    'https://',
    'not a url',
  ];
  for (const value of refused) assert.equal(externalUrl.safeParse(value).success, false, JSON.stringify(value));
});

test('plain http is allowed to this machine only where asked (dev and test webhooks)', () => {
  assert.equal(absoluteUrlProblem('http://127.0.0.1:4321/__forms', { loopbackHttp: true }), undefined);
  assert.equal(absoluteUrlProblem('http://localhost:8080/x', { loopbackHttp: true }), undefined);
  assert.notEqual(absoluteUrlProblem('http://127.0.0.1:4321/__forms'), undefined);
  assert.notEqual(absoluteUrlProblem('http://example.com/x', { loopbackHttp: true }), undefined);
  assert.notEqual(absoluteUrlProblem('http://localhost.evil.example/x', { loopbackHttp: true }), undefined);
});

test('the site origin is http(s) with no path, query or fragment', () => {
  for (const value of ['https://www.checkpointqa.com', 'https://preview.example.test/', 'http://127.0.0.1:4173'])
    assert.ok(siteOrigin.safeParse(value).success, value);
  for (const value of [
    'https://a.example/sub',
    'https://a.example?x',
    'https://a.example#x',
    'https://a.example\nDisallow: /',
    'https://a.example /',
    'javascript:alert(1)',
  ]) {
    assert.equal(siteOrigin.safeParse(value).success, false, JSON.stringify(value));
  }
});

test('an old address may be any path a real site used, written plainly or %-encoded', () => {
  const taken = [
    '/old-page',
    '/2019/05/launch.html',
    "/2019/05/c'est-la-vie.html",
    '/notes/what!/',
    '/blog/(draft)/',
    '/100%-done',
    '/café/',
    '/caf%C3%A9/',
    '/a b/',
    '/rss.xml',
    '/index.xml',
    '/tags/c++/',
    '/a:b',
    '/*',
    '/~user/page.php',
    '/a//b',
  ];
  for (const value of taken) assert.equal(redirectSourceProblem(value), undefined, value);
});

test('an old address refuses only another origin, a . or .. segment, a control character, a query or fragment, and broken %-encoding', () => {
  const refused = [
    '//evil.example',
    '//evil.example/a',
    '/\\evil.example',
    '/a\\b',
    '/%2F%2Fevil.example',
    '/%5Cevil.example',
    '/a/../b',
    '/a/%2e%2e/b',
    '/a/%2E/b',
    '/./a',
    '/..',
    '/a\nb',
    '/a\rb',
    '/a\u0000b',
    '/a%0Ab',
    '/a%00',
    '/a?b=1',
    '/a#b',
    '/a%E9',
    'old-page',
    'https://old.example/a',
    '',
  ];
  for (const value of refused) {
    assert.notEqual(redirectSourceProblem(value), undefined, JSON.stringify(value));
    assert.equal(redirectSource.safeParse(value).success, false, JSON.stringify(value));
  }
});
