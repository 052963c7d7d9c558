import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../../cli/cache/cache.ts';
import { maxHtmlDepth, maxOpenFormatting } from '../../../cli/render/markdown/html-limits.ts';
import { applyEmbedRule } from '../../../cli/render/markdown/markdown-embeds.ts';
import { maxWarningsPerBody } from '../../../cli/render/markdown/raw-html.ts';
import { renderBodies } from '../../../cli/render/markdown/render-bodies.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { htmlWithSlots } from '../../helpers/html.ts';

// HTML written in a Markdown body: what the sanitizer keeps, what it removes (each removal a
// warning at its line and column), iframes as embeds, and the limits checked before parsing.

const warningsOf = (body: RenderedMarkdown) =>
  (body.warnings ?? []).map((warning) => `${warning.line}:${warning.column} ${warning.message}`);

test('keeps line breaks, superscripts, subscripts and keys, and the text around them', async () => {
  const body = await renderMarkdown(
    'Line one<br>line two: H<sub>2</sub>O, x<sup>2</sup>, a note<sup>1</sup>, <kbd>Ctrl</kbd>+<kbd>C</kbd>.\n',
  );
  assert.equal(
    body.html,
    '<p>Line one<br>line two: H<sub>2</sub>O, x<sup>2</sup>, a note<sup>1</sup>, <kbd>Ctrl</kbd>+<kbd>C</kbd>.</p>',
  );
  assert.equal(body.warnings, undefined);
});

test('keeps details with its summary, and the Markdown inside it rendered', async () => {
  const body = await renderMarkdown(
    '<details>\n<summary>Show the <b>config</b></summary>\n\nThe *whole* file:\n\n```json\n{"a": 1}\n```\n\n</details>\n',
  );
  assert.match(
    body.html,
    /^<details>\n<summary>Show the <b>config<\/b><\/summary>\n<p>The <em>whole<\/em> file:<\/p>\n<figure data-rehype-pretty-code-figure=""><pre [^>]*data-language="json"/,
  );
  assert.match(body.html, /<\/figure>\n<\/details>$/);
  assert.equal(body.warnings, undefined);
});

test('keeps the structure and formatting elements of the schema, with their safe attributes', async () => {
  const markdown = [
    '<mark>marked</mark> <abbr title="HyperText Markup Language">HTML</abbr> <ins>added</ins> <del>removed</del> <s>old</s> <u>under</u> <small>fine</small> <cite>A Book</cite> <q>quoted</q> <time datetime="2024-05-01">May</time> <span>plain</span>',
    '',
    '<div align="center">',
    '<figure><figcaption>Caption</figcaption></figure>',
    '<table><caption>Results</caption><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2" align="right">1</td></tr></tbody></table>',
    '<dl><dt>Term</dt><dd>Definition</dd></dl>',
    '<blockquote cite="https://example.com/source">Quoted</blockquote>',
    '</div>',
    '',
  ].join('\n');
  const body = await renderMarkdown(markdown);
  assert.deepEqual(warningsOf(body), []);
  for (const kept of [
    '<mark>marked</mark>',
    '<abbr title="HyperText Markup Language">HTML</abbr>',
    '<ins>added</ins>',
    '<del>removed</del>',
    '<s>old</s>',
    '<u>under</u>',
    '<small>fine</small>',
    '<cite>A Book</cite>',
    '<q>quoted</q>',
    '<time datetime="2024-05-01">May</time>',
    '<span>plain</span>',
    '<div align="center">',
    '<figure><figcaption>Caption</figcaption></figure>',
    '<caption>Results</caption>',
    '<th scope="col">A</th>',
    '<td colspan="2" align="right">1</td>',
    '<dl><dt>Term</dt><dd>Definition</dd></dl>',
    '<blockquote cite="https://example.com/source">Quoted</blockquote>',
  ]) {
    assert.ok(body.html.includes(kept), `${kept} in ${body.html}`);
  }
});

test('reports each removed element and attribute once, at its line and column in the file', async () => {
  const markdown =
    'Intro text.\n\n<p onclick="x()">Hi <font color="red">there</font></p>\n\n  <script>alert(1)</script>\n<form action="/go"><input name="q"><button>Go</button></form>\n';
  const body = await renderMarkdown(markdown, 7);
  assert.deepEqual(warningsOf(body), [
    '9:1 onclick on <p> removed: a keyboard cannot reach a <p> to click it',
    '9:21 <font> removed, its content kept',
    '11:3 <script> removed',
    '12:1 <form> removed',
  ]);
  // A click handler on an element the keyboard cannot reach is an accessibility finding: reported once, as that.
  assert.deepEqual(
    body.warnings!.map((warning) => warning.code),
    ['accessibility.click-handler', 'markdown.html-removed', 'markdown.html-removed', 'markdown.html-removed'],
  );
  assert.equal(body.html, '<p>Intro text.</p>\n<p>Hi there</p>\n  ', 'the indentation of the removed script stays');
});

test("Markdown's own elements come out the same with HTML around them: footnotes, task lists, fence meta, tables, heading ids", async () => {
  const markdown =
    '## Title\n\nA claim[^1].\n\n- [ ] open\n- [x] done\n\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n```ts title="a.ts"\nconst a = 1;\n```\n\n[^1]: The source.\n';
  const plain = await renderMarkdown(markdown);
  assert.equal(plain.warnings, undefined);
  const withHtml = await renderMarkdown(`${markdown}\n<span>more</span>\n`);
  assert.deepEqual(withHtml.warnings, undefined);
  const footnotes = plain.html.indexOf('<section data-footnotes');
  assert.equal(withHtml.html.slice(0, footnotes), plain.html.slice(0, footnotes));
  assert.ok(withHtml.html.endsWith(plain.html.slice(footnotes)), 'the footnotes are the same');
  assert.deepEqual(withHtml.headings, plain.headings);
});

test('ids and names written in HTML are kept in the content namespace, one written there already keeping its name; the ids Markdown writes stay', async () => {
  const body = await renderMarkdown('<h2 id="main">Setup</h2>\n\n<a name="top" id="user-content-top">top</a>\n');
  assert.equal(body.warnings, undefined, 'nothing is removed');
  assert.match(body.html, /<h2 id="user-content-main">Setup<\/h2>/);
  assert.match(body.html, /<a name="user-content-top" id="user-content-top">top<\/a>/);
});

test("a link to an id of the body's HTML, or to a heading as another generator spelled its id, leads there", async () => {
  const body = await renderMarkdown(
    [
      'Note<sup id="a1">[1](#f1)</sup>, [back](#a1), [to the old anchor](#old), [our heading](#TypeScript), [kramdown\'s](#intro), [as written](#user-content-f1), [nowhere](#nowhere).',
      '',
      '<p id="f1">1. The note.</p>',
      '',
      '<a name="old"></a>',
      '',
      '## TypeScript',
      '',
      '## 1. Intro',
      '',
    ].join('\n'),
  );
  assert.deepEqual(
    body.links.map((link) => link.href),
    [
      '#user-content-f1',
      '#user-content-a1',
      '#user-content-old',
      '#typescript',
      '#1-intro',
      '#user-content-f1',
      '#nowhere',
    ],
  );
  assert.match(body.html, /<a href="#user-content-f1">1<\/a>/);
});

test('an img from the images folder goes through the image rules like a Markdown image', async () => {
  const body = await renderMarkdown(
    '<img src="/images/shot.png" alt="The dashboard" width="300" onerror="x()">\n\n<img src="/images/divider.png" title="decorative">\n\n<img src="/images/no-alt.png">\n\n<img src="https://tracker.example/p.gif" alt="pixel">\n',
  );
  assert.deepEqual(
    body.images?.map((image) => [image.src, image.alt, image.line]),
    [
      ['/images/shot.png', 'The dashboard', 1],
      ['/images/divider.png', '', 3],
      ['/images/no-alt.png', '', 5],
    ],
  );
  assert.equal(htmlWithSlots(body), '<!--sitegen-image:0-->\n<!--sitegen-image:1-->\n<!--sitegen-image:2-->\n');
  assert.deepEqual(
    body.problems?.map((problem) => `${problem.line}:${problem.column} ${problem.code}`),
    ['5:1 image.missing-alt', '7:1 markdown.external-image'],
  );
  assert.deepEqual(warningsOf(body), ['1:1 onerror on <img> removed']);
  assert.doesNotMatch(body.html, /tracker/);
});

test("an iframe with an https src becomes an embed's slot out of its paragraph; one without is removed with a warning", async () => {
  const body = await renderMarkdown(
    'Watch:\n\n<iframe width="560" src="https://www.youtube.com/embed/abcdefgh" title="The demo" allowfullscreen></iframe>\n\n<iframe src="http://video.example/x"></iframe>\n<iframe srcdoc="<b>hi</b>"></iframe>\n',
    3,
  );
  assert.equal(htmlWithSlots(body), '<p>Watch:</p>\n<!--sitegen-embed:0-->');
  assert.deepEqual(body.embeds, [
    { src: 'https://www.youtube.com/embed/abcdefgh', title: 'The demo', line: 5, column: 1 },
  ]);
  assert.deepEqual(warningsOf(body), [
    '7:1 <iframe src=http://video.example/x> removed: an embed needs an https src',
    '8:1 srcdoc on <iframe> removed',
    '8:1 <iframe> removed: an embed needs an https src',
  ]);
});

test("the site's embed rule keeps the embeds it accepts and empties the others' slots with a warning at their line", async () => {
  const body = await renderMarkdown(
    '<iframe src="https://video.example/1" title="The demo"></iframe>\n\n<iframe src="https://evil.example/x"></iframe>\n',
  );
  const rule = {
    accepts: (src: string) => src.startsWith('https://video.example/'),
    description: 'videos from video.example',
  };
  const { body: shown, warnings } = applyEmbedRule(body, rule);
  assert.equal(htmlWithSlots(shown), '<!--sitegen-embed:0-->\n<!--sitegen-embed:1-->');
  assert.deepEqual(
    shown.embeds?.map((embed) => embed?.src ?? null),
    ['https://video.example/1', null],
  );
  assert.deepEqual(
    warnings.map((warning) => `${warning.line}:${warning.column} ${warning.message}`),
    ['3:1 <iframe src=https://evil.example/x> removed: only videos from video.example are embedded'],
  );
  const { body: none, warnings: all } = applyEmbedRule(body, undefined);
  assert.deepEqual(none.embeds, [null, null]);
  assert.equal(all.length, 2);
  assert.match(all[0]!.message, /this site embeds no iframes/);
});

test('a body without HTML is never reparsed: the same HTML as before, no warnings, no embeds', async () => {
  const body = await renderMarkdown('Plain *text* with `code` and a [page](/a).\n');
  assert.equal(body.html, '<p>Plain <em>text</em> with <code>code</code> and a <a href="/a">page</a>.</p>');
  assert.deepEqual(Object.keys(body).sort(), ['headings', 'html', 'links', 'sourceUrls']);
});

test('comments written in a body are left out without a warning, and leave no blank line', async () => {
  const body = await renderMarkdown('<!-- a note to myself -->\nFirst.\n\n<!-- another -->\n\nSecond.\n');
  assert.equal(body.html, '<p>First.</p>\n<p>Second.</p>');
  assert.equal(body.warnings, undefined);
});

test('HTML nested deeper than the limit is refused at the tag that goes past it, before parsing', async () => {
  const deep = await renderMarkdown(`Intro.\n\n${'<div>'.repeat(100_000)}\n`, 4);
  assert.deepEqual(
    deep.problems?.map((problem) => `${problem.line}:${problem.column} ${problem.code}`),
    [`6:${maxHtmlDepth * 5 + 1} markdown.too-deep`],
  );
  // An element closed by its end tag does not count, nor do void elements.
  const flat = await renderMarkdown(`${'<div>x</div><br><img src="/images/a.png" alt="a">'.repeat(500)}\n`);
  assert.equal(flat.problems?.filter((problem) => problem.code === 'markdown.too-deep').length ?? 0, 0);
});

test('more formatting elements left open than the limit are refused: each would be copied into every later paragraph', async () => {
  // 100,000 of them is refused as fast (tests/bench/markdown-html.bench.ts); Markdown's own inline parse of them is the slow part.
  const unclosed = await renderMarkdown(`${'<b>'.repeat(2000)}\n`);
  assert.deepEqual(
    unclosed.problems?.map((problem) => `${problem.line}:${problem.column} ${problem.code}`),
    [`1:${maxOpenFormatting * 3 + 1} markdown.too-deep`],
  );
  // A paragraph end closes <b> but leaves it among the active formatting elements: n of them made n² elements.
  const copied = Array.from({ length: 500 }, (_, index) => `<p><b class="c${index}">x</p>`).join('');
  const reconstructed = await renderMarkdown(`${copied}\n`);
  assert.deepEqual(
    reconstructed.problems?.map((problem) => problem.code),
    ['markdown.too-deep'],
  );
  const manyParagraphs = await renderMarkdown(
    Array.from({ length: 500 }, (_, index) => `<b class="c${index}">x\n\n`).join(''),
  );
  assert.deepEqual(
    manyParagraphs.problems?.map((problem) => problem.code),
    ['markdown.too-deep'],
  );
});

test('an SVG of many self-closed shapes is no deep nesting: it is removed, with one warning', async () => {
  const body = await renderMarkdown(`<svg viewBox="0 0 10 10">${'<path d="M0 0h1"/>'.repeat(500)}</svg>\n`);
  assert.equal(body.problems, undefined);
  assert.deepEqual(warningsOf(body), ['1:1 <svg> removed']);
});

test(`at most ${maxWarningsPerBody} warnings per body, then one that counts the rest`, async () => {
  const body = await renderMarkdown(`${'<font>x</font>\n'.repeat(maxWarningsPerBody + 20)}`);
  assert.equal(body.warnings?.length, maxWarningsPerBody + 1);
  assert.match(body.warnings!.at(-1)!.message, /^20 more pieces of HTML removed/);
});

test('warnings come back with a body read from the Markdown cache', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sitegen-raw-html-cache-'));
  try {
    const bodies = [
      {
        file: '/content/posts/a.md',
        body: 'Text <span onclick="x()">here</span>.\n\n<script>x()</script>\n',
        bodyLine: 5,
      },
    ];
    const first = await renderBodies(bodies, { cache: new Cache(folder) });
    const second = await renderBodies(bodies, { cache: new Cache(folder) });
    const expected = [
      '5:6 onclick on <span> removed: a keyboard cannot reach a <span> to click it',
      '7:1 <script> removed',
    ];
    assert.deepEqual(warningsOf(first.get('/content/posts/a.md')!), expected);
    assert.deepEqual(warningsOf(second.get('/content/posts/a.md')!), expected);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('an element or comment never closed is refused at its start: it would take in, hide or lose the rest of the body', async () => {
  for (const open of [
    '<textarea>',
    '<script>',
    '<style>',
    '<title>',
    '<a href="https://example.com/">',
    '<b>',
    '<div hidden>',
    '<div />',
    '<iframe src="https://video.example/1" />',
    '<svg>',
    '<table>',
  ]) {
    const body = await renderMarkdown(`Intro.\n\n${open}\n\nThe **rest** of the post.\n\n- a list\n`, 10);
    assert.deepEqual(
      body.problems?.map((problem) => `${problem.line}:${problem.column} ${problem.code}`),
      ['12:1 markdown.unclosed-html'],
      open,
    );
  }
  const comment = await renderMarkdown('Intro.\n\n<!-- a note never ended\n\nThe rest.\n');
  assert.deepEqual(
    comment.problems?.map((problem) => `${problem.line}:${problem.column} ${problem.code}`),
    ['3:1 markdown.unclosed-html'],
  );
  // A tag the sanitizer unwraps loses nothing by staying open: a warning, not an error.
  const jsx = await renderMarkdown('Use <Component /> in React, and <b>bold</b> after it.\n');
  assert.equal(jsx.problems, undefined);
  assert.equal(jsx.html, '<p>Use  in React, and <b>bold</b> after it.</p>');
  assert.deepEqual(warningsOf(jsx), ['1:5 <component> removed, its content kept']);
  // What HTML lets an author leave open, and what an end tag closes through scope, is no problem.
  for (const fine of [
    '<p>A paragraph\n\nMore.',
    '<ul><li>one<li>two</ul>',
    '<table><tr><td>x</table>',
    '<b><i>x</b></i>',
    '<details>\n<summary>S</summary>\n\nText.\n\n</details>',
  ]) {
    assert.equal((await renderMarkdown(`${fine}\n`)).problems, undefined, fine);
  }
});
