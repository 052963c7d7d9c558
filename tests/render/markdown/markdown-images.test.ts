import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { htmlWithSlots } from '../../helpers/html.ts';

test('records each image from content/images with its alt, title and position, leaving a slot in its place that the HTML holds no text for', async () => {
  const body =
    'Intro.\n\n![A failing test run](/images/posts/run.png "The CI log")\n\nText ![Trace viewer](/images/trace%20viewer.webp) inline.\n';
  const rendered = await renderMarkdown(body, 10);
  assert.deepEqual(rendered.images, [
    { src: '/images/posts/run.png', alt: 'A failing test run', title: 'The CI log', line: 12, column: 1 },
    { src: '/images/trace viewer.webp', alt: 'Trace viewer', line: 14, column: 6 },
  ]);
  assert.equal(
    htmlWithSlots(rendered),
    '<p>Intro.</p>\n<p><!--sitegen-image:0--></p>\n<p>Text <!--sitegen-image:1--> inline.</p>',
  );
  assert.equal(rendered.html, '<p>Intro.</p>\n<p></p>\n<p>Text  inline.</p>');
  assert.deepEqual(rendered.slots, [
    { kind: 'image', index: 0, at: 17 },
    { kind: 'image', index: 1, at: 30 },
  ]);
  assert.equal(rendered.problems, undefined);
});

test('an image without alt text is an error at its line and column, unless its title marks it decorative', async () => {
  const rendered = await renderMarkdown(
    'First.\n\n  ![](/images/a.png)\n\n![   ](https://example.com/b.png)\n\n![](/images/divider.png "decorative")\n',
    5,
  );
  assert.deepEqual(
    rendered.problems?.map((p) => [p.code, p.line, p.column]),
    [
      ['image.missing-alt', 7, 3],
      ['image.missing-alt', 9, 1],
      ['markdown.external-image', 9, 1],
    ],
  );
  assert.ok(
    rendered
      .problems!.filter((problem) => problem.code === 'image.missing-alt')
      .every((problem) => problem.hint?.includes('decorative')),
  );
  assert.deepEqual(
    rendered.images?.map((image) => [image.src, image.alt, image.title]),
    [
      ['/images/a.png', '', undefined],
      ['/images/divider.png', '', undefined],
    ],
  );
  assert.doesNotMatch(rendered.html, /decorative/, 'the marking title is not published');
});

test('an image from content/images in a format the build does not publish is an error at its line', async () => {
  const rendered = await renderMarkdown('![A scan](/images/scan.bmp)\n\n![Fine](/images/fine.GIF)\n');
  assert.deepEqual(
    rendered.problems?.map((p) => [p.code, p.line]),
    [['image.unsupported-format', 1]],
  );
  assert.deepEqual(
    rendered.images?.map((image) => image.src),
    ['/images/fine.GIF'],
  );
});

test('an image from another host is an error at its line and is not published: pages load nothing from outside hosts', async () => {
  const rendered = await renderMarkdown('Text.\n\n![Logo](https://example.com/logo.png)\n', 3);
  assert.deepEqual(
    rendered.problems?.map((p) => [p.code, p.line, p.column]),
    [['markdown.external-image', 5, 1]],
  );
  assert.doesNotMatch(rendered.html, /example\.com/);
  assert.equal(rendered.images, undefined);
});

test('a marker cannot be written by hand: raw HTML comments are dropped and code is escaped', async () => {
  const rendered = await renderMarkdown('<!--sitegen-image:0-->\n\n`<!--sitegen-image:0-->`\n');
  assert.doesNotMatch(rendered.html, /<!--sitegen-image/);
  assert.equal(rendered.images, undefined);
});
