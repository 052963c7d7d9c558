// What a body's URLs and its slots are is decided as a browser and a parser see them, never by
// matching text: a URL another host's to a browser is another host's to the build and to the
// link checker; no text an author writes becomes the place of a site image or player; a body
// cannot take the page's keyboard shortcuts or the first places in its focus order.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { parseHref, siteOriginsOf } from '../../cli/check/href.ts';
import { collectSiteErrors, SiteError } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { resolveRelativeReferences } from '../../cli/render/markdown/relative-references.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { parsePage } from '../helpers/html.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

const frontMatter = (title: string) => `---\ntitle: ${JSON.stringify(title)}\ndate: 2024-02-01\n---\n\n`;

/** Image sources a browser on an https page loads from evil.example, each as written in raw HTML. */
const otherHostImages = [
  '/\\evil.example/x.png',
  '\\\\evil.example/x.png',
  '\\/evil.example/x.png',
  'http:evil.example/x.png',
  ' //evil.example/x.png',
  '/\t/evil.example/x.png',
];

test('an img whose src a browser loads from another host is refused at its line, however the URL is written', async () => {
  for (const src of otherHostImages) {
    const body = await renderMarkdown(`Text.\n\n<img src="${src}" alt="A pixel">\n`, 4);
    assert.deepEqual(
      body.problems?.map((problem) => [problem.code, problem.line, problem.column]),
      [['markdown.external-image', 6, 1]],
      src,
    );
    assert.doesNotMatch(body.html, /evil\.example/, src);
    assert.equal(body.images, undefined, src);
  }
});

test('a site image written with backslashes is the site path a browser loads; another path of the site is kept as the browser resolves it', async () => {
  const body = await renderMarkdown(
    '<img src="\\images\\square.svg" alt="A square">\n\n<img src="/files/..\\logo.png" alt="Logo">\n',
  );
  assert.deepEqual(
    body.images?.map((image) => image.src),
    ['/images/square.svg'],
  );
  assert.match(body.html, /<img src="\/logo\.png" alt="Logo">/);
  assert.equal(body.problems, undefined);
});

test('a link a browser follows to another host is never resolved as a file beside the post, and the link checker counts it as external', async () => {
  const markdown =
    '<a href="\\\\evil.example/x">one</a> <a href="http:evil.example/y">two</a> <a href="/\\evil.example/z">three</a> [four](<\\evil.example>)\n';
  const body = await renderMarkdown(markdown);
  const addresses = { files: new Map<string, string>(), pages: new Map<string, string>() };
  const { body: resolved } = resolveRelativeReferences('/site/content/posts/launch/index.md', body, addresses, {
    url: '/blog/launch/',
    bundle: true,
  });
  assert.deepEqual(
    resolved.links.map((link) => link.href),
    ['\\\\evil.example/x', 'http:evil.example/y', '/\\evil.example/z', '/blog/launch/%5Cevil.example'],
    'no link to another host is rewritten to a path of the site',
  );
  const origins = siteOriginsOf('https://www.example.com');
  for (const href of ['/\\evil.example/x', '\\\\evil.example/x', 'http:evil.example/y', '/\t/evil.example/z']) {
    const target = parseHref(href, 'https://site.invalid/blog/launch/', origins);
    assert.equal(target.type, 'external', href);
    assert.match(target.type === 'external' ? target.url : '', /^https?:\/\/evil\.example\//, href);
  }
  assert.equal(
    parseHref('..\\..\\..\\x', 'https://site.invalid/blog/launch/', origins).type,
    'invalid',
    'backslashes climb as slashes do',
  );
});

test('a build publishes no image of another host, whatever form its URL takes', { timeout: 120_000 }, async () => {
  const { content, cleanup } = await tinyContentCopy();
  try {
    const file = path.join(content, 'posts', 'pixels.md');
    await writeFile(
      file,
      `${frontMatter('Pixels')}${otherHostImages.map((src) => `<img src="${src}" alt="A pixel">`).join('\n\n')}\n`,
    );
    const writer = new MemoryWriter();
    const error = await buildSite({
      root: tinyRoot,
      site: tinySite,
      contentDir: content,
      writer,
      checkLinks: false,
      cache: new Cache(undefined),
    }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    const errors = collectSiteErrors(error) ?? [];
    assert.deepEqual(
      errors.map((problem) => [problem.code, problem.file, problem.line]),
      otherHostImages.map((_, index) => ['markdown.external-image', file, 6 + 2 * index]),
    );
    assert.equal(writer.files.size, 0, 'nothing is written');
  } finally {
    await cleanup();
  }
});

test(
  'text that spells a slot, in a link title or anywhere else, stays text: the site image and the player go where the body put them',
  { timeout: 120_000 },
  async () => {
    const { content, cleanup } = await tinyContentCopy();
    try {
      const file = path.join(content, 'posts', 'spelled.md');
      const spelled = ['<!--sitegen-image:0-->', '<!--sitegen-embed:0-->'];
      await writeFile(
        file,
        `${frontMatter('Spelled')}[home](/ "${spelled[0]}") [again](/ '${spelled[1]}')\n\n![A square](/images/square.svg)\n\n<iframe src="https://video.example/7" title="Demo"></iframe>\n\n<abbr title="${spelled[0]}">x</abbr>\n`,
      );
      const writer = new MemoryWriter();
      await buildSite({
        root: tinyRoot,
        site: tinySite,
        contentDir: content,
        writer,
        checkLinks: false,
        cache: new Cache(undefined),
      });
      const html = writer.text('posts/spelled/index.html')!;
      const page = parsePage(html);
      const titled = page.all((element) => element.name === 'a' && page.attr(element, 'title') !== undefined);
      assert.deepEqual(
        titled.map((element) => page.attr(element, 'title')),
        spelled,
        'each title is the text written',
      );
      assert.deepEqual(
        page.all((element) => element.name === 'abbr').map((element) => page.attr(element, 'title')),
        [spelled[0]],
      );
      assert.equal(page.all((element) => element.name === 'img').length, 1, 'one image, where the body put it');
      assert.equal(page.all((element) => element.name === 'iframe').length, 1, 'one player, where the body put it');
      assert.equal(
        page
          .all((element) => element.name === 'img' || element.name === 'iframe')
          .every(
            (element) => element.parent && 'name' in element.parent && ['p', 'article'].includes(element.parent.name),
          ),
        true,
      );
    } finally {
      await cleanup();
    }
  },
);

test('a positive tabindex and an accesskey are removed from raw HTML with a warning at their line; tabindex 0 and below stay', async () => {
  const body = await renderMarkdown(
    'Text.\n\n<a href="/" tabindex="1" accesskey="s">first</a> <span tabindex="32767">x</span> <span tabindex="0">y</span> <span tabindex="-1">z</span> <kbd accesskey="h">k</kbd>\n',
    9,
  );
  assert.doesNotMatch(body.html, /accesskey|tabindex="[1-9]/i);
  assert.match(body.html, /<span tabindex="0">y<\/span> <span tabindex="-1">z<\/span>/);
  assert.deepEqual(
    body.warnings?.map((warning) => `${warning.code} ${warning.line}:${warning.column} ${warning.message}`),
    [
      'markdown.html-removed 11:1 tabindex on <a> removed',
      'markdown.html-removed 11:1 accesskey on <a> removed',
      'markdown.html-removed 11:50 tabindex on <span> removed',
      'markdown.html-removed 11:139 accesskey on <kbd> removed',
    ],
  );
});

test("the warnings reach the build at the post's file", { timeout: 120_000 }, async () => {
  const { content, cleanup } = await tinyContentCopy();
  try {
    const file = path.join(content, 'posts', 'focus.md');
    await writeFile(file, `${frontMatter('Focus')}<a href="/" tabindex="2">first</a>\n`);
    const writer = new MemoryWriter();
    const result = await buildSite({
      root: tinyRoot,
      site: tinySite,
      contentDir: content,
      writer,
      checkLinks: false,
      cache: new Cache(undefined),
    });
    const mine = result.warnings.filter(
      (warning): warning is SiteError => warning instanceof SiteError && warning.file === file,
    );
    assert.deepEqual(
      mine.map((warning) => [warning.code, warning.line]),
      [['markdown.html-removed', 6]],
    );
    assert.doesNotMatch(writer.text('posts/focus/index.html')!, /tabindex/);
  } finally {
    await cleanup();
  }
});
