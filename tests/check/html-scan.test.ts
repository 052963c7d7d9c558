import assert from 'node:assert/strict';
import { test } from 'node:test';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseSrcset } from '../../cli/check/attribute-urls.ts';
import { parseRefresh } from '../../cli/static-host/refresh-stub.ts';
import { scanHtml } from '../../cli/check/html-scan.ts';

test('locates each URL attribute at its 1-based line and column', () => {
  const html = '<!doctype html>\n<p>\n  <a class="x" href="/about/">About</a>\n</p>\n';
  const { refs } = scanHtml(html);
  assert.deepEqual(
    refs.map((r) => [r.attribute, r.value, r.line, r.column]),
    [['a[href]', '/about/', 3, 16]],
  );
});

test('collects every kind of reference the issue lists', () => {
  const html = `<link rel="stylesheet" href="/s.css"><script src="/a.js"></script>
<img src="/i.png" srcset="/i.png 1x, /i@2x.png 2x"><picture><source srcset="/p.webp"></picture>
<video src="/v.mp4" poster="/v.png"></video><audio src="/a.mp3"></audio><iframe src="/embed/"></iframe>
<form action="/send"></form><area href="/map"><track src="/t.vtt"><embed src="/e.swf"><object data="/o.svg"></object>`;
  assert.deepEqual(
    scanHtml(html).refs.map((r) => `${r.attribute} ${r.value}`),
    [
      'link[href] /s.css',
      'script[src] /a.js',
      'img[src] /i.png',
      'img[srcset] /i.png',
      'img[srcset] /i@2x.png',
      'source[srcset] /p.webp',
      'video[src] /v.mp4',
      'video[poster] /v.png',
      'audio[src] /a.mp3',
      'iframe[src] /embed/',
      'form[action] /send',
      'area[href] /map',
      'track[src] /t.vtt',
      'embed[src] /e.swf',
      'object[data] /o.svg',
    ],
  );
});

test('decodes character references in attribute values', () => {
  assert.equal(scanHtml('<a href="/search?q=a&amp;page=2">x</a>').refs[0].value, '/search?q=a&page=2');
});

test('points each srcset candidate at its own column', () => {
  const { refs } = scanHtml('<img srcset="/a.png 1x, /b.png 2x">');
  assert.deepEqual(
    refs.map((r) => [r.value, r.column]),
    [
      ['/a.png', 14],
      ['/b.png', 25],
    ],
  );
});

test('ignores markup inside scripts, styles and comments', () => {
  const html = `<script>document.write('<a href="/nope">')</script><style>a[href="/no"]{}</style><!-- <a href="/gone"> --><a href="/yes">`;
  assert.deepEqual(
    scanHtml(html).refs.map((r) => r.value),
    ['/yes'],
  );
});

test('records ids, named anchors, the base and the refresh target', () => {
  const html =
    '<head><base href="/docs/"><meta http-equiv="Refresh" content="0; URL=\'/new/\'"></head><h2 id="intro">x</h2><a name="legacy"></a><meta name="keywords" content="x">';
  const scan = scanHtml(html);
  assert.deepEqual(scan.ids, ['intro', 'legacy']);
  assert.equal(scan.base, '/docs/');
  assert.equal(scan.refresh?.value, '/new/');
  assert.equal(scan.refresh?.attribute, 'meta[http-equiv=refresh]');
});

test('marks links inside header, footer and nav', () => {
  const html =
    '<header><nav><a href="/a">a</a></nav></header><main><a href="/b">b</a></main><footer><a href="/c">c</a></footer><a href="/d">d</a>';
  assert.deepEqual(
    scanHtml(html).refs.map((r) => r.landmark),
    ['header', undefined, 'footer', undefined],
  );
});

test('skips resource hints and flags canonical links', () => {
  const { refs } = scanHtml(
    '<link rel="preconnect" href="https://fonts.example"><link rel="dns-prefetch" href="//cdn.example"><link rel="canonical" href="/x/">',
  );
  assert.deepEqual(
    refs.map((r) => [r.value, r.canonical]),
    [['/x/', true]],
  );
});

test('reads social image URLs from meta tags', () => {
  const { refs } = scanHtml(
    '<meta property="og:image" content="https://example.com/card.png"><meta name="twitter:image" content="/t.png">',
  );
  assert.deepEqual(
    refs.map((r) => [r.attribute, r.value]),
    [
      ['meta[property=og:image]', 'https://example.com/card.png'],
      ['meta[property=twitter:image]', '/t.png'],
    ],
  );
});

test('splits srcset like the HTML spec, keeping commas inside URLs', () => {
  assert.deepEqual(parseSrcset(' /a.png 1x,/b.png 2x , /c,d.png 300w, /e.png'), [
    { url: '/a.png', index: 1 },
    { url: '/b.png', index: 11 },
    { url: '/c,d.png', index: 23 },
    { url: '/e.png', index: 38 },
  ]);
  // Without whitespace after the comma, browsers read one URL, so the checker must too.
  assert.deepEqual(
    parseSrcset('/a.png,/b.png 2x').map((c) => c.url),
    ['/a.png,/b.png'],
  );
});

test('reads meta refresh targets in their usual spellings', () => {
  assert.equal(parseRefresh('0; url=/services/devshops')?.url, '/services/devshops');
  assert.equal(parseRefresh('5;URL="/x"')?.url, '/x');
  assert.equal(parseRefresh("0, url='/y'")?.url, '/y');
  assert.equal(parseRefresh('30'), undefined);
});

test("a page's scan does not keep the page's HTML alive", () => {
  // V8 makes a slice of a long string a view into it: a build keeps every page's scan until its
  // links are checked, and once held 80 MB of finished pages through them.
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const pages = 40;
  const page = (n: number) =>
    `<!doctype html><main><a href="/blog/a-long-enough-path-${n}/">x</a><p id="a-long-enough-id-${n}">${'é'.repeat(500_000)}</p></main>`;
  gc();
  const before = process.memoryUsage().heapUsed;
  const scans = Array.from({ length: pages }, (_, n) => scanHtml(page(n)));
  gc();
  const kept = process.memoryUsage().heapUsed - before;
  assert.equal(scans[7]!.refs[0]!.value, '/blog/a-long-enough-path-7/');
  assert.equal(scans[7]!.ids[0], 'a-long-enough-id-7');
  // Each page is about 1 MB (two bytes a character); the scans alone are a few kilobytes.
  assert.ok(kept < 4 * 1024 * 1024, `the scans of ${pages} pages keep ${Math.round(kept / 1048576)} MB`);
});
