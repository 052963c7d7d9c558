// Highlighted code blocks kept in the cache (the `highlight` named cache): a body whose code
// blocks an earlier build highlighted renders from the cache, byte for byte as without it, and
// without starting Shiki; entries that are not sound are never used.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../../cli/cache/cache.ts';
import { useHighlightStore, type HighlightedCode } from '../../../cli/render/markdown/highlight-store.ts';
import { renderMarkdown, renderMarkdownReference } from '../../../cli/render/markdown/render-markdown.ts';
import { projectRoot } from '../../helpers/content.ts';

const body =
  'Some prose.\n\n```ts\nconst answer: number = 42;\nexport { answer };\n```\n\nMore prose.\n\n```bash\nnpm run build\n```\n';
let tmp: string;
let cache: Cache;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-highlight-'));
  cache = new Cache(path.join(tmp, 'cache'));
});
after(async () => {
  useHighlightStore(undefined);
  await rm(tmp, { recursive: true, force: true });
});

/** The `highlight` entries of the cache: key and file. */
async function entries(): Promise<{ key: string; file: string }[]> {
  const found = await readdir(path.join(cache.folder!, 'highlight'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return found
    .filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name))
    .map((entry) => ({ key: entry.name, file: path.join(entry.parentPath, entry.name) }));
}

const stored = (key: string) => cache.getJson('highlight', key, (value): value is HighlightedCode => true)!;

test('stores each highlighted block, and renders from the store what rehype-pretty-code renders', async () => {
  useHighlightStore(cache.shared);
  const first = await renderMarkdown(body);
  assert.equal((await entries()).length, 2, 'one entry per block');
  const edited = `${body}\nA sentence added.\n`;
  const again = await renderMarkdown(edited);
  assert.equal(again.html, (await renderMarkdownReference(edited)).html);
  assert.equal(first.html, (await renderMarkdownReference(body)).html);
});

test('a stored entry is what the block renders as (so an unchanged block is never highlighted again)', async () => {
  useHighlightStore(cache.shared);
  await renderMarkdown(body);
  for (const { key } of await entries()) {
    const entry = stored(key);
    cache.putJson('highlight', key, { ...entry, html: `${entry.html}<!--from the store-->` });
  }
  assert.equal(((await renderMarkdown(body)).html.match(/from the store/g) ?? []).length, 2);
});

test("entries that are garbage, cut short, another block's, of the wrong shape or too large are not used, and are replaced", async () => {
  useHighlightStore(cache.shared);
  await rm(path.join(cache.folder!, 'highlight'), { recursive: true, force: true });
  const expected = (await renderMarkdownReference(body)).html;
  assert.equal((await renderMarkdown(body)).html, expected);
  const [ts, bash] = (await entries()).sort(
    (a, b) => Number(stored(a.key).html.includes('npm')) - Number(stored(b.key).html.includes('npm')),
  );
  assert.match(stored(bash!.key).html, /npm/);
  const sound = await readFile(ts!.file);
  const hostile: [string, () => Promise<void>][] = [
    ['garbage', () => writeFile(ts!.file, 'not json')],
    ['cut short', () => writeFile(ts!.file, sound.subarray(0, sound.length - 5))],
    ["the other block's entry", async () => writeFile(ts!.file, await readFile(bash!.file))],
    [
      'a script in place of the markup, its header made to match another key',
      async () => {
        cache.putJson('highlight', '0'.repeat(64), { ...stored(ts!.key), html: '<script>alert(1)</script>' });
        await writeFile(ts!.file, await readFile(path.join(cache.folder!, 'highlight', '00', '0'.repeat(64))));
      },
    ],
    ['the wrong shape', async () => cache.putJson('highlight', ts!.key, { html: 42, fg: '#fff', bg: '#000' })],
    ['null', async () => cache.putJson('highlight', ts!.key, null)],
    [
      'larger than an entry may be (sparse)',
      async () => {
        await writeFile(ts!.file, sound);
        await truncate(ts!.file, 5 * 1024 * 1024);
      },
    ],
  ];
  for (const [what, spoil] of hostile) {
    await spoil();
    assert.equal((await renderMarkdown(body)).html, expected, what);
    assert.deepEqual(await readFile(ts!.file), sound, `${what}: stored afresh`);
  }
});

test('with no store (--no-cache) nothing is read or kept', async () => {
  useHighlightStore(cache.shared);
  await renderMarkdown(body);
  for (const { key } of await entries())
    cache.putJson('highlight', key, { ...stored(key), html: `${stored(key).html}<!--from the store-->` });
  const before = (await entries()).length;
  useHighlightStore(undefined);
  assert.doesNotMatch((await renderMarkdown(`${body}\n\`\`\`ts\nconst added = 1;\n\`\`\`\n`)).html, /from the store/);
  assert.equal((await entries()).length, before);
});

test('a body whose every block is stored renders without starting Shiki', async () => {
  useHighlightStore(cache.shared);
  await rm(path.join(cache.folder!, 'highlight'), { recursive: true, force: true });
  await renderMarkdown(body);
  const module = path.join(projectRoot, 'cli', 'render', 'markdown', 'render-markdown.ts');
  const highlighterModule = path.join(projectRoot, 'cli', 'render', 'markdown', 'shared-highlighter.ts');
  const storeModule = path.join(projectRoot, 'cli', 'render', 'markdown', 'highlight-store.ts');
  const script = (markdown: string) => `import { renderMarkdown } from ${JSON.stringify(module)};
    import { hasStartedHighlighter } from ${JSON.stringify(highlighterModule)};
    import { useHighlightStore } from ${JSON.stringify(storeModule)};
    useHighlightStore(${JSON.stringify(cache.shared)});
    const { html } = await renderMarkdown(${JSON.stringify(markdown)});
    console.log(JSON.stringify({ started: hasStartedHighlighter(), html }));`;
  const run = (markdown: string) =>
    new Promise<{ started: boolean; html: string }>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script(markdown)],
        { cwd: projectRoot, timeout: 120_000, maxBuffer: 1 << 24 },
        (error, stdout) => {
          if (error) reject(error);
          else resolve(JSON.parse(stdout) as { started: boolean; html: string });
        },
      );
    });
  const edited = `${body}\nProse edited, code unchanged.\n`;
  const fromStore = await run(edited);
  assert.equal(fromStore.started, false, 'every block came from the store');
  assert.equal(fromStore.html, (await renderMarkdownReference(edited)).html);
  const newCode = await run(`${body}\n\`\`\`ts\nconst added = 1;\n\`\`\`\n`);
  assert.equal(newCode.started, true, 'a new block needs Shiki');
});
