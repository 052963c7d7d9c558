// The highlight store: a body whose code blocks an earlier build highlighted renders from the
// store, byte for byte as without it, and without starting Shiki; entries that are not sound
// are never used.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { useHighlightStore } from '../../../cli/render/markdown/highlight-store.ts';
import { renderMarkdown, renderMarkdownReference } from '../../../cli/render/markdown/render-markdown.ts';
import { projectRoot } from '../../helpers/content.ts';

const body = 'Some prose.\n\n```ts\nconst answer: number = 42;\nexport { answer };\n```\n\nMore prose.\n\n```bash\nnpm run build\n```\n';
let store: string;

before(async () => {
  store = await mkdtemp(path.join(os.tmpdir(), 'sitegen-highlight-'));
});
after(async () => {
  useHighlightStore(undefined);
  await rm(store, { recursive: true, force: true });
});

/** The store's entries (one folder per generator), by file. */
async function entries(): Promise<string[]> {
  const [generator] = await readdir(store);
  if (!generator) return [];
  return (await readdir(path.join(store, generator))).map((name) => path.join(store, generator, name));
}

test('stores each highlighted block, and renders from the store what rehype-pretty-code renders', async () => {
  useHighlightStore(store);
  const first = await renderMarkdown(body);
  assert.equal((await entries()).length, 2, 'one entry per block');
  const again = await renderMarkdown(`${body}\nA sentence added.\n`);
  assert.equal(again.html, (await renderMarkdownReference(`${body}\nA sentence added.\n`)).html);
  assert.equal(first.html, (await renderMarkdownReference(body)).html);
});

test('a stored entry is what the block renders as (so an unchanged block is never highlighted again)', async () => {
  useHighlightStore(store);
  await renderMarkdown(body);
  for (const file of await entries()) {
    const entry = JSON.parse(await readFile(file, 'utf8')) as { html: string };
    await writeFile(file, JSON.stringify({ ...entry, html: `${entry.html}<!--from the store-->` }));
  }
  assert.equal(((await renderMarkdown(body)).html.match(/from the store/g) ?? []).length, 2);
});

test('entries that are garbage, of another key, of the wrong shape or too large are not used, and are replaced', async () => {
  useHighlightStore(store);
  for (const file of await entries()) await rm(file);
  const expected = (await renderMarkdownReference(body)).html;
  assert.equal((await renderMarkdown(body)).html, expected);
  const files = await entries();
  assert.equal(files.length, 2);
  const [first, second] = files as [string, string];
  const sound = JSON.parse(await readFile(second, 'utf8')) as { key: string; html: string };
  const hostile = [
    'not json',
    JSON.stringify({ ...sound, key: '0'.repeat(64), html: '<script>alert(1)</script>' }),
    JSON.stringify({ key: path.basename(first, '.json'), html: 42, fg: '#fff', bg: '#000' }),
    'null',
    `{"key":"${path.basename(first, '.json')}","html":"${'x'.repeat(5 * 1024 * 1024)}","fg":"","bg":""}`,
  ];
  for (const text of hostile) {
    await writeFile(first, text);
    assert.equal((await renderMarkdown(body)).html, expected, text.slice(0, 40));
  }
  const replaced = JSON.parse(await readFile(first, 'utf8')) as { key: string };
  assert.equal(replaced.key, path.basename(first, '.json'), 'stored afresh');
});

test('a body whose every block is stored renders without starting Shiki', async () => {
  useHighlightStore(store);
  for (const file of await entries()) await rm(file);
  await renderMarkdown(body);
  const module = path.join(projectRoot, 'cli', 'render', 'markdown', 'render-markdown.ts');
  const storeModule = path.join(projectRoot, 'cli', 'render', 'markdown', 'highlight-store.ts');
  const script = (markdown: string) => `import { renderMarkdown, hasStartedHighlighter } from ${JSON.stringify(module)};
    import { useHighlightStore } from ${JSON.stringify(storeModule)};
    useHighlightStore(${JSON.stringify(store)});
    const { html } = await renderMarkdown(${JSON.stringify(markdown)});
    console.log(JSON.stringify({ started: hasStartedHighlighter(), html }));`;
  const run = (markdown: string) => new Promise<{ started: boolean; html: string }>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script(markdown)], { cwd: projectRoot, timeout: 120_000, maxBuffer: 1 << 24 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as { started: boolean; html: string });
    });
  });
  const edited = `${body}\nProse edited, code unchanged.\n`;
  const stored = await run(edited);
  assert.equal(stored.started, false, 'every block came from the store');
  assert.equal(stored.html, (await renderMarkdownReference(edited)).html);
  const newCode = await run(`${body}\n\`\`\`ts\nconst added = 1;\n\`\`\`\n`);
  assert.equal(newCode.started, true, 'a new block needs Shiki');
});
