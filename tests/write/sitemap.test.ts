import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Route } from '../../cli/route/routes.ts';
import { escapeXml, renderSitemap } from '../../cli/write/sitemap.ts';
import { parseXml } from '../helpers/xml.ts';

const siteUrl = 'https://www.example.test';

function route(path: string, indexable = true, lastModified?: Date): Route {
  return {
    path,
    url: path === '/' ? '/' : `${path}/`,
    file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`,
    page: { kind: 'home' },
    source: 'content/data/home.json',
    indexable,
    bodies: [],
    ...(lastModified ? { lastModified } : {}),
  };
}

/** Each `<url>` of a sitemap as its `loc` and `lastmod` (undefined when absent). */
function readUrls(xml: string): { loc?: string; lastmod?: string }[] {
  const document = parseXml(xml);
  assert.equal(document.root.name, 'urlset');
  assert.equal(document.root.attribs.xmlns, 'http://www.sitemaps.org/schemas/sitemap/0.9');
  return document
    .all('url')
    .map((url) => ({ loc: document.childText(url, 'loc'), lastmod: document.childText(url, 'lastmod') }));
}

test('escapeXml replaces each of < > & \' " with its entity and leaves other text alone', () => {
  assert.equal(escapeXml(`a<b>c&d'e"f`), 'a&lt;b&gt;c&amp;d&apos;e&quot;f');
  assert.equal(escapeXml('plain text, é ü'), 'plain text, é ü');
  assert.equal(escapeXml('&amp;'), '&amp;amp;');
});

test('starts with the XML declaration', () => {
  assert.match(renderSitemap(siteUrl, [route('/')]), /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset /);
});

test('lists every indexable route at its absolute URL, in route order', () => {
  const urls = readUrls(renderSitemap(siteUrl, [route('/'), route('/blog'), route('/services/startups')]));
  assert.deepEqual(
    urls.map((url) => url.loc),
    [`${siteUrl}/`, `${siteUrl}/blog/`, `${siteUrl}/services/startups/`],
  );
});

test('leaves out routes that are not indexable', () => {
  const urls = readUrls(renderSitemap(siteUrl, [route('/'), route('/404', false), route('/humans')]));
  assert.deepEqual(
    urls.map((url) => url.loc),
    [`${siteUrl}/`, `${siteUrl}/humans/`],
  );
});

test('writes an empty but well-formed urlset when no route is indexable', () => {
  assert.deepEqual(readUrls(renderSitemap(siteUrl, [route('/404', false)])), []);
});

test('gives a lastmod as a UTC calendar date only to routes with a known modification date', () => {
  const urls = readUrls(
    renderSitemap(siteUrl, [
      route('/'),
      route('/blog', true, new Date('2024-01-02T00:00:00Z')),
      route('/blog/a', true, new Date('2024-03-15T23:30:00-05:00')),
    ]),
  );
  assert.deepEqual(urls, [
    { loc: `${siteUrl}/`, lastmod: undefined },
    { loc: `${siteUrl}/blog/`, lastmod: '2024-01-02' },
    // 23:30 in UTC-5 is already the next day in UTC.
    { loc: `${siteUrl}/blog/a/`, lastmod: '2024-03-16' },
  ]);
});

test('escapes XML special characters in URLs so they read back unchanged', () => {
  const xml = renderSitemap('https://example.test', [route(`/q&a/<it's>"x"`)]);
  assert.doesNotMatch(xml, /&(?!(amp|lt|gt|apos|quot);)/, 'a bare ampersand');
  assert.deepEqual(
    readUrls(xml).map((url) => url.loc),
    [`https://example.test/q&a/<it's>"x"/`],
  );
});

test('escapeXml writes line breaks and tabs as references and replaces what XML cannot hold', () => {
  assert.equal(escapeXml('a\tb\nc\rd'), 'a&#9;b&#10;c&#13;d');
  assert.equal(
    escapeXml('bell\u0007 nul\u0000 esc\u001b \ufffe \ud800'),
    'bell\ufffd nul\ufffd esc\ufffd \ufffd \ufffd',
  );
  assert.equal(escapeXml('emoji 🧪 stays'), 'emoji 🧪 stays');
});

test('a site URL with markup characters stays inside its <loc>', () => {
  const hostile = 'https://www.example.test/?a=1&b=</loc><url><loc>https://evil.example';
  const urls = readUrls(renderSitemap(hostile, [route('/')]));
  assert.deepEqual(
    urls.map((url) => url.loc),
    [`${hostile}/`],
  );
});
