import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { getSharedHighlighter } from '../../../cli/render/markdown/shared-highlighter.ts';
import { projectRoot } from '../../helpers/content.ts';

const fixtures = path.join(projectRoot, 'tests', 'fixtures', 'markdown');

// One case per file: tests/fixtures/markdown/<case>.md renders to <case>.html.
for (const name of (await readdir(fixtures)).filter((f) => f.endsWith('.md')).sort()) {
  test(`renders ${name.replace(/\.md$/, '').replace(/-/g, ' ')}`, async () => {
    const input = await readFile(path.join(fixtures, name), 'utf8');
    const expected = await readFile(path.join(fixtures, name.replace(/\.md$/, '.html')), 'utf8');
    assert.equal(`${(await renderMarkdown(input)).html}\n`, expected);
  });
}

test('highlights a fenced block at build time with inline colours', async () => {
  const { html } = await renderMarkdown('```ts\nconst a = 1;\n```\n');
  assert.match(html, /data-language="ts"/);
  assert.match(html, /<span style="color:#[0-9A-Fa-f]{6}">const<\/span>/);
  assert.doesNotMatch(html, /<script/);
});

test('loads a new fence language into the one shared highlighter', async () => {
  const shared = await getSharedHighlighter();
  assert.ok(!shared.getLoadedLanguages().includes('rust'), 'rust is not preloaded');
  const { html } = await renderMarkdown('```rust\nfn main() {}\n```\n');
  assert.match(html, /data-language="rust"/);
  assert.ok(shared.getLoadedLanguages().includes('rust'), 'the render used the shared highlighter');
  assert.equal(await getSharedHighlighter(), shared);
});

test('records links with their line in the file, offset by where the body starts', async () => {
  const { links, headings } = await renderMarkdown('## Title\n\nSee [the guide](/guides/playwright#setup).\n', 7);
  assert.deepEqual(links, [{ href: '/guides/playwright#setup', line: 9, column: 5 }]);
  assert.deepEqual(headings, [{ id: 'title', text: 'Title', depth: 2 }]);
});

test('records a link inside a heading, and the heading text across nested markup', async () => {
  const { links, headings } = await renderMarkdown(
    '### Use [Playwright](/guides/playwright) *today*\n\n> See [the list](/blog).\n',
  );
  assert.deepEqual(
    links.map((link) => link.href),
    ['/guides/playwright', '/blog'],
  );
  assert.deepEqual(headings, [{ id: 'use-playwright-today', text: 'Use Playwright today', depth: 3 }]);
});

test('puts every table, Markdown or HTML, in one box of its own that takes focus, so a wide table scrolls there', async () => {
  const { html } = await renderMarkdown(
    '| a | b |\n| --- | --- |\n| 1 | 2 |\n\n<table><tr><td><table><tr><td>inner</td></tr></table></td></tr></table>\n',
  );
  assert.equal(html.match(/<div class="table-scroll" tabindex="0"><table>/g)?.length, 3);
  assert.equal(html.match(/<table>/g)?.length, 3);
  assert.equal(html.match(/<\/table><\/div>/g)?.length, 3);
});
