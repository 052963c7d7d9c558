// Template tags of other generators left in a Markdown body are warnings at their place
// (`markdown.template-tag`), never in code; `build --strict` refuses them.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Root } from 'mdast';
import { findTemplateTags } from '../../../cli/render/markdown/template-tags.ts';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { SiteError, SiteErrorList } from '../../../cli/errors.ts';
import { buildSite } from '../../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../../cli/write/writers.ts';
import { tinyContentCopy } from '../../helpers/build-output.ts';
import { loadedSite, tinyRoot, tinySite } from '../../helpers/sites.ts';
import tinyDefinition from '../../sites/tiny/sitegen.config.ts';

const tagsOf = (markdown: string) =>
  findTemplateTags(markdown, unified().use(remarkParse).parse(markdown) as Root).map((tag) => tag.text);

test('finds Hugo shortcodes and Liquid tags and outputs in text and HTML, each at its line and column', async () => {
  const body = await renderMarkdown(
    [
      'Intro.',
      '',
      '{{< youtube abc >}}',
      '',
      'A {{% alert %}}note{{% /alert %}} and {% include cta.html %} and {{ site.url }}.',
      '',
      '<div>{{< figure src="a.png" >}}</div>',
      '',
    ].join('\n'),
    10,
  );
  assert.deepEqual(
    body.warnings?.map((warning) => `${warning.line}:${warning.column} ${warning.code}`),
    [
      '12:1 markdown.template-tag',
      '14:3 markdown.template-tag',
      '14:20 markdown.template-tag',
      '14:39 markdown.template-tag',
      '14:66 markdown.template-tag',
      '16:6 markdown.template-tag',
    ],
  );
  assert.match(body.warnings![0]!.message, /^\{\{< youtube abc >\}\} is a template tag of another generator/);
  assert.equal(body.problems, undefined, 'a warning, not a problem');
});

test('leaves code, inline code and comments alone', () => {
  assert.deepEqual(
    tagsOf(
      '```liquid\n{% for post in site.posts %}\n```\n\n    {{ indented }}\n\n`{{ inline }}` <!-- {% comment %} -->\n\nBut {{ this }}.\n',
    ),
    ['{{ this }}'],
  );
});

test('takes no tag without its closing, nor one longer than a shortcode', () => {
  assert.deepEqual(tagsOf(`{{ open and never closed\n\n{% ${'x'.repeat(600)} %}\n\n{{< short >}}\n`), [
    '{{< short >}}',
  ]);
});

test(
  'a build publishes a body with a template tag and warns at its file and line; --strict refuses it there',
  { timeout: 120_000 },
  async () => {
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const post = path.join(content, 'posts', 'tagged.md');
      await writeFile(post, '---\ntitle: Tagged\ndate: 2024-03-01\n---\n\nIntro.\n\n{% include newsletter.html %}\n');
      const build = (strict: boolean) =>
        buildSite({
          root: tinyRoot,
          site: tinySite,
          contentDir: content,
          writer: new DiskWriter(path.join(dir, 'out')),
          strict,
        });
      const plain = await build(false);
      assert.deepEqual(
        plain.warnings
          .filter((warning) => warning instanceof SiteError && warning.code === 'markdown.template-tag')
          .map((warning) => [(warning as SiteError).file, (warning as SiteError).line]),
        [[post, 8]],
      );
      await assert.rejects(build(true), (error) => {
        assert.ok(error instanceof SiteErrorList);
        assert.deepEqual(
          error.errors.map((e) => [e.code, e.file, e.line, e.column]),
          [['markdown.template-tag', post, 8, 1]],
        );
        return true;
      });
    } finally {
      await cleanup();
    }
  },
);

test(
  "a tag a collection's site fills in itself is no other generator's: the build does not warn about it",
  { timeout: 120_000 },
  async () => {
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const post = path.join(content, 'posts', 'filled.md');
      await writeFile(
        post,
        '---\ntitle: Filled\ndate: 2024-03-01\n---\n\nWritten by {{ author }} for {{ site.title }}.\n',
      );
      const posts = tinyDefinition.content.collections.posts!;
      const site = loadedSite({
        ...tinyDefinition,
        content: {
          ...tinyDefinition.content,
          collections: { posts: { ...posts, placeholders: (tag) => tag === '{{ author }}' } },
        },
      });
      const built = await buildSite({
        root: tinyRoot,
        site,
        contentDir: content,
        writer: new DiskWriter(path.join(dir, 'out')),
      });
      assert.deepEqual(
        built.warnings
          .filter((warning) => warning instanceof SiteError && warning.code === 'markdown.template-tag')
          .map((warning) => [(warning as SiteError).line, (warning as SiteError).column]),
        [[6, 29]],
      );
    } finally {
      await cleanup();
    }
  },
);
