// renderMarkdown highlights code straight from Shiki's tokens and picks the faster parser when
// every `@` is in a code block; renderMarkdownReference renders as the site did before, with
// rehype-pretty-code and the parser chosen by any `@`. Every body must come out byte for byte
// the same, and with the same links, headings, images and problems.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { Root } from 'mdast';
import { splitMarkdown } from '../../../cli/load/front-matter.ts';
import { atsAllInCodeBlocks, atsLookFenced } from '../../../cli/render/markdown/ats-in-code.ts';
import {
  createMarkdownProcessor,
  renderMarkdown,
  renderMarkdownReference,
} from '../../../cli/render/markdown/render-markdown.ts';
import { getSharedHighlighter } from '../../../cli/render/markdown/shared-highlighter.ts';
import { projectRoot } from '../../helpers/content.ts';
import { mulberry32, sharedCorpusPosts } from '../../helpers/realistic-posts.ts';

async function assertSameAsReference(markdown: string, firstLine: number, label: string): Promise<void> {
  const fast = await renderMarkdown(markdown, firstLine);
  const reference = await renderMarkdownReference(markdown, firstLine);
  assert.equal(fast.html, reference.html, label);
  assert.deepEqual(fast, reference, label);
}

/** A Markdown file's body and the line it starts on, as the build reads it (the whole file when its front matter is broken). */
function bodyOf(text: string): { body: string; bodyLine: number } {
  try {
    return splitMarkdown(text);
  } catch {
    return { body: text, bodyLine: 1 };
  }
}

async function markdownFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

for (const [name, folder] of [
  ['the fixtures', 'tests/fixtures'],
  ['the hostile fixtures', 'tests/hostile/fixtures'],
  ["the site's posts, guides and legal pages", 'content'],
] as const) {
  test(`renders every Markdown file of ${name} as rehype-pretty-code did`, async () => {
    const files = await markdownFiles(path.join(projectRoot, folder));
    assert.ok(files.length > 0, `Markdown files in ${folder}`);
    for (const file of files) {
      const { body, bodyLine } = bodyOf(await readFile(file, 'utf8'));
      await assertSameAsReference(body, bodyLine, path.relative(projectRoot, file));
    }
  });
}

// Fifty posts of the benchmark corpus: a hundred code blocks of its two languages, none alike;
// the random blocks below cover the other languages and the odd characters.
test('renders 25 realistic posts as rehype-pretty-code did', async () => {
  for (const post of sharedCorpusPosts(25)) {
    const { body, bodyLine } = splitMarkdown(post.text);
    await assertSameAsReference(body, bodyLine, post.fileName);
  }
});

const languages = [
  'ts',
  'typescript',
  'js',
  'tsx',
  'bash',
  'sh',
  'json',
  'yaml',
  'markdown',
  'html',
  'css',
  'python',
  'diff',
  'text',
  'txt',
  'plaintext',
  'ansi',
  'math',
  'no-such-language',
  'c++',
  'constructor',
  '__proto__',
  'a"b&c<d',
  '',
];
const pieces = [
  'const a = 1;',
  'function f(x: number) { return x * 2; }',
  '<div class="x">&amp;</div>',
  '"quoted"',
  "'single'",
  '`tick`',
  '${x}',
  '\t',
  '  ',
  ' ',
  '\r',
  '\r\n',
  '\n',
  '\n\n',
  '\u0001',
  '\f',
  '\ud800',
  '😀',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '&',
  '<',
  '>',
  '&lt;',
  '&#64;',
  '// comment',
  '/* block */',
  '#!/usr/bin/env bash',
  'echo "$HOME" | grep -c x',
  'key: value',
  '- item',
  '# heading',
  '**bold**',
  '{',
  '}',
  '\\',
  'x'.repeat(400),
  '\u001b[31mred\u001b[0m',
  '\u001b[1;4;9mstyled\u001b[0m',
  '<script>alert(1)</script>',
  '---',
  '~~~',
  '```',
  'ada@example.com',
  "import { test } from '@playwright/test';",
  '+added',
  '-removed',
  '@@ -1 +1 @@',
];

/** A few hundred fenced blocks: every language above, special characters, line endings, empty and unclosed blocks, long lines. */
function generatedBodies(count: number): string[] {
  const next = mulberry32(16);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const lang = languages[index % languages.length]!;
    let code = '';
    for (let piece = Math.floor(next() * 24); piece > 0; piece -= 1) code += pick(pieces);
    const fence = next() < 0.85 ? '```' : '~~~';
    const crlf = next() < 0.1;
    const body =
      next() < 0.08
        ? `${fence}${lang}\n${code}`
        : `Before ${next() < 0.2 ? 'mailto:a@b.co' : 'the block'}.\n\n${fence}${lang}\n${code}\n${fence}\n\nAfter \`inline\` code.\n`;
    return crlf ? body.replace(/\n/g, '\r\n') : body;
  });
}

test('renders hundreds of generated code blocks as rehype-pretty-code did', async () => {
  // Ten blocks of every language above.
  for (const [index, body] of generatedBodies(10 * languages.length).entries())
    await assertSameAsReference(body, 1, `generated block ${index}: ${JSON.stringify(body.slice(0, 120))}`);
});

test('leaves fences with meta and inline code with a language to rehype-pretty-code, with the same result', async () => {
  const bodies = [
    '```ts title="example.ts"\nconst a = 1;\n```\n',
    '```ts caption="A caption" {2}\nconst a = 1;\nconst b = 2;\n```\n',
    '```js showLineNumbers /a/\nlet a = a + 1;\n```\n',
    '```ts other words\nconst a = 1;\n```\n',
    'Inline `const a = 1{:ts}` and `plain` code.\n\n```ts\nconst b = 2;\n```\n',
    'An escaped `x\\{:ts}` language.\n',
  ];
  for (const body of bodies) await assertSameAsReference(body, 1, body);
  assert.match(
    (await renderMarkdown(bodies[0]!)).html,
    /<figcaption data-rehype-pretty-code-title=""[^>]*>example\.ts<\/figcaption>/,
  );
});

test('highlights a plain fenced block without asking Shiki for HTML', async () => {
  const highlighter = await getSharedHighlighter();
  const codeToHtml = highlighter.codeToHtml;
  let calls = 0;
  highlighter.codeToHtml = ((...args: Parameters<typeof codeToHtml>) => {
    calls += 1;
    return codeToHtml(...args);
  }) as typeof codeToHtml;
  try {
    const { html } = await renderMarkdown(splitMarkdown(sharedCorpusPosts(1)[0]!.text).body);
    assert.match(
      html,
      /<figure data-rehype-pretty-code-figure=""><pre style="background-color:#0d1117;color:#e6edf3" tabindex="0" data-language="typescript"/,
    );
    assert.equal(calls, 0);
    await renderMarkdown('```ts title="a.ts"\nconst a = 1;\n```\n');
    assert.equal(calls, 1, 'a fence with meta goes to rehype-pretty-code');
  } finally {
    highlighter.codeToHtml = codeToHtml;
  }
});

test('sanitizes raw HTML another step left in the tree before the body is parsed to HTML', async () => {
  // A step before raw-html.ts that adds raw HTML gets it sanitized like the author's own.
  const processor = createMarkdownProcessor();
  const mdast = {
    type: 'root',
    children: [
      { type: 'paragraph', children: [], data: { hChildren: [{ type: 'raw', value: '<script>alert(1)</script>' }] } },
    ],
  };
  const tree = await processor.run(mdast as never);
  assert.equal(processor.stringify(tree), '<p></p>');
});

test('tells a body whose every @ is in a code block from one with an @ in text', () => {
  const parse = (markdown: string) => createMarkdownProcessor({ emails: false }).parse(markdown) as unknown as Root;
  const inCode = [
    '```ts\nimport { test } from "@playwright/test";\n```\n',
    '~~~\na@b.co\n~~~\n',
    '    indented a@b.co\n',
    '> ```\n> a@b.co\n> ```\n',
    '```js a@b.co\nx\n```\n',
    '```\nunclosed a@b.co',
  ];
  for (const markdown of inCode) {
    assert.ok(atsLookFenced(markdown) || markdown.startsWith('    '), markdown);
    assert.ok(atsAllInCodeBlocks(markdown, parse(markdown)), markdown);
  }
  // The first line is no fence (a backtick in the info string): its @ is in a paragraph.
  const inText = [
    'a@b.co\n\n```\nx\n```\n',
    '```\nx\n```\n\nmailto:a@b.co\n',
    '``` x`y\nmailto:a@b.co\n```\n',
    '`@scope/package`\n',
    '<div>\n```\na@b.co\n```\n</div>\n\na@b.co\n',
  ];
  for (const markdown of inText) assert.ok(!atsAllInCodeBlocks(markdown, parse(markdown)), markdown);
  assert.ok(atsLookFenced(inText[2]!), 'a guess the parse corrects');
});
