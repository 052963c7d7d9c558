// Other generators' markup with a clear equivalent is converted as a post is imported; any
// other tag is left and listed; code is never touched; each place maps back to the source.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyEdits } from '../../cli/import/body-edits.ts';
import { convertForeignMarkup, youtubeId } from '../../cli/import/foreign-markup.ts';

const slugs = new Map([
  ['/site/content/posts/other.md', 'other'],
  ['/site/_posts/2019-03-14-launch.md', 'launch-day'],
]);
const convert = (body: string, jsx = false) => {
  const result = convertForeignMarkup(body, { file: '/site/content/posts/post.md', root: '/site', slugs, jsx });
  return { text: applyEdits(body, result.edits).text, left: result.left.map((tag) => tag.text) };
};

test('converts videos, figures, highlight blocks, references, raw and the site root to their equivalents', () => {
  const { text, left } = convert(
    [
      '{{< youtube dQw4w9WgXcQ >}}',
      '{% youtube "https://youtu.be/9bZkp7q19f0" %}',
      '{% include youtube.html id="abcdefghijk" %}',
      '{{< vimeo 76979871 >}}',
      '{{< figure src="a.png" alt="A chart" caption="Load <b>by</b> hour" link="/full.png" >}}',
      '{% highlight ruby linenos %}\nputs "{{ x }}"\n{% endhighlight %}',
      '[other]({{< relref "other.md#part" >}}) [launch]({% post_url 2019-03-14-launch %})',
      '{% raw %}{{ kept }}{% endraw %} {{ site.baseurl }}/img.png {{ "/a.png" | relative_url }}',
      '',
    ].join('\n\n'),
  );
  assert.equal(
    text,
    [
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="YouTube video" allowfullscreen></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/9bZkp7q19f0" title="YouTube video" allowfullscreen></iframe>',
      '<iframe src="https://www.youtube-nocookie.com/embed/abcdefghijk" title="YouTube video" allowfullscreen></iframe>',
      '<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo video" allowfullscreen></iframe>',
      '<figure><a href="/full.png"><img src="a.png" alt="A chart"></a><figcaption>Load &lt;b&gt;by&lt;/b&gt; hour</figcaption></figure>',
      '```ruby\nputs "{{ x }}"\n```',
      '[other](../other/#part) [launch](../launch-day/)',
      '{{ kept }} /img.png /a.png',
      '',
    ].join('\n\n'),
  );
  assert.deepEqual(left, ['{{ kept }}'], 'what raw kept is text: listed, not converted');
});

test('leaves a tag without an equivalent, one naming no imported post, and everything in code', () => {
  const { text, left } = convert(
    '{{% alert %}}Careful{{% /alert %}} {{< relref "missing.md" >}} {% include cta.html %}\n\n`{{< youtube x >}}`\n\n```\n{% raw %}\n```\n',
  );
  assert.equal(
    text,
    '{{% alert %}}Careful{{% /alert %}} {{< relref "missing.md" >}} {% include cta.html %}\n\n`{{< youtube x >}}`\n\n```\n{% raw %}\n```\n',
  );
  assert.deepEqual(left, ['{{% alert %}}', '{{% /alert %}}', '{{< relref "missing.md" >}}', '{% include cta.html %}']);
});

test("drops a JSX style, keeping its element and content, wherever Markdown reads the tag; closes JSX's empty elements only in a JSX blog", () => {
  const body =
    '- <span style={{wordBreak: \'break-word\'}}>[`at://x`](https://x.dev)</span>\n\n<iframe\n  style={{ width: "100%" }}\n  src="https://x.dev/e"\n/>\n\n<img src="a.png" alt="A" />\n\n```jsx\n<p style={{ a: 1 }} />\n```\n';
  assert.equal(
    convert(body, true).text,
    '- <span>[`at://x`](https://x.dev)</span>\n\n<iframe\n  src="https://x.dev/e"\n></iframe>\n\n<img src="a.png" alt="A" />\n\n```jsx\n<p style={{ a: 1 }} />\n```\n',
  );
  assert.match(
    convert(body, false).text,
    /src="https:\/\/x\.dev\/e"\n\/>/,
    'in HTML the slash means nothing: the build reports the element as never closed',
  );
});

test('maps every place of the converted body back to the body as written', () => {
  const body = 'One {{< youtube dQw4w9WgXcQ >}} two.\n\nThree.\n';
  const edited = applyEdits(body, convertForeignMarkup(body, { file: '/site/a.md', root: '/site', slugs }).edits);
  assert.equal(edited.toSource(edited.text.indexOf('two.')), body.indexOf('two.'));
  assert.equal(edited.toSource(edited.text.indexOf('Three.')), body.indexOf('Three.'));
  assert.equal(
    edited.toSource(edited.text.indexOf('iframe')),
    body.indexOf('{{<'),
    'inside a conversion: where it starts',
  );
});

test('reads a YouTube id from an id or any of its addresses', () => {
  for (const written of [
    'dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
  ]) {
    assert.equal(youtubeId(written), 'dQw4w9WgXcQ', written);
  }
  for (const written of ['x', 'javascript:alert(1)', 'https://www.youtube.com/watch?v=<script>'])
    assert.equal(youtubeId(written), undefined, written);
});
