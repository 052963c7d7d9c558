// Rendered Markdown kept between builds: the `markdown` named cache, as renderBodies uses it.
// A body comes from the cache when its text, its first line and the pipeline are those of an
// entry; an entry that is not sound is rendered afresh and stored again.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { Cache } from '../../../cli/cache/cache.ts';
import { pipelineSalt } from '../../../cli/render/markdown/pipeline-salt.ts';
import { renderBodies, type MarkdownBody } from '../../../cli/render/markdown/render-bodies.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../../cli/render/markdown/render-markdown.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-markdown-cache-'));
after(() => rm(dir, { recursive: true, force: true }));
let serial = 0;

/** The entries of the `markdown` named cache: key and file. */
async function entries(cache: Cache): Promise<{ key: string; file: string }[]> {
  const found = await readdir(path.join(cache.folder!, 'markdown'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return found
    .filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name))
    .map((entry) => ({ key: entry.name, file: path.join(entry.parentPath, entry.name) }));
}

/** Marks every entry, as stored, so that a body taken from the cache shows it. */
async function markEntries(cache: Cache): Promise<void> {
  for (const { key } of await entries(cache)) {
    const stored = cache.getJson('markdown', key, (value): value is RenderedMarkdown => true)!;
    cache.putJson('markdown', key, { ...stored, html: `${stored.html}<!--from the cache-->` });
  }
}

const body: MarkdownBody = { file: '/posts/a.md', body: '## Hi\n\nSee [the blog](/blog).', bodyLine: 5 };

test('keeps each rendered body, and a later run takes it from the cache instead of rendering it', async () => {
  const cache = new Cache(path.join(dir, `cache-${++serial}`));
  const first = await renderBodies([body], { cache });
  assert.deepEqual(first.get(body.file), await renderMarkdown(body.body, 5));
  assert.equal((await entries(cache)).length, 1);
  await markEntries(cache);
  const again = await renderBodies([body], { cache });
  assert.equal(again.get(body.file)!.html, `${first.get(body.file)!.html}<!--from the cache-->`);
});

test("the key is the body's text and first line: the same text elsewhere in a file, or another text, renders afresh", async () => {
  const cache = new Cache(path.join(dir, `cache-${++serial}`));
  await renderBodies([body], { cache });
  await markEntries(cache);
  const moved = await renderBodies([{ ...body, bodyLine: 6 }], { cache });
  assert.doesNotMatch(moved.get(body.file)!.html, /from the cache/, 'link lines depend on the first line');
  assert.equal(moved.get(body.file)!.links[0]!.line, 8);
  const edited = await renderBodies([{ ...body, body: `${body.body}\n\nMore.` }], { cache });
  assert.doesNotMatch(edited.get(body.file)!.html, /from the cache/);
  const sameTextOtherFile = await renderBodies([{ ...body, file: '/posts/b.md' }], { cache });
  assert.match(
    sameTextOtherFile.get('/posts/b.md')!.html,
    /from the cache/,
    "the file's name is no part of what the body renders to",
  );
  assert.equal((await entries(cache)).length, 3);
});

test("an entry that is garbage, cut short, another body's or of the wrong shape is rendered afresh and stored again", async () => {
  const cache = new Cache(path.join(dir, `cache-${++serial}`));
  const other: MarkdownBody = { file: '/posts/other.md', body: '# Another body', bodyLine: 1 };
  await renderBodies([body, other], { cache });
  const expected = await renderMarkdown(body.body, body.bodyLine);
  const stored = await entries(cache);
  const mine = stored.find(({ key }) =>
    cache.getJson('markdown', key, (value): value is RenderedMarkdown => true)!.html.includes('<h2 id="hi">'),
  )!;
  const theirs = stored.find((entry) => entry !== mine)!;
  const sound = await readFile(mine.file);
  const spoilers: [string, () => Promise<void>][] = [
    ['garbage', () => writeFile(mine.file, 'not an entry')],
    ['cut short', () => writeFile(mine.file, sound.subarray(0, sound.length - 10))],
    ["another body's entry", async () => writeFile(mine.file, await readFile(theirs.file))],
    [
      'a sound entry of the wrong shape',
      async () => cache.putJson('markdown', mine.key, { html: 42, links: [], headings: [] }),
    ],
  ];
  for (const [what, spoil] of spoilers) {
    await spoil();
    assert.deepEqual((await renderBodies([body], { cache })).get(body.file), expected, what);
    assert.deepEqual(await readFile(mine.file), sound, `${what}: stored again`);
  }
});

test('a run without a cache (--no-cache) after one with a cache neither takes from it nor adds to it, highlighted code included', async () => {
  const cache = new Cache(path.join(dir, `cache-${++serial}`));
  const withCode: MarkdownBody = { file: '/posts/code.md', body: '```ts\nconst a = 1;\n```\n', bodyLine: 1 };
  await renderBodies([body, withCode], { cache });
  await markEntries(cache);
  const listing = async () => (await readdir(cache.folder!, { recursive: true })).sort();
  const before = await listing();
  assert.ok(
    before.some((name) => name.startsWith('highlight/')),
    'the code block was kept',
  );
  const uncached = await renderBodies(
    [body, withCode, { file: '/posts/new.md', body: '```ts\nconst b = 2;\n```\n', bodyLine: 1 }],
    { cache: new Cache(undefined) },
  );
  assert.doesNotMatch(uncached.get(body.file)!.html, /from the cache/);
  assert.deepEqual(uncached.get(withCode.file), await renderMarkdown(withCode.body));
  assert.deepEqual(await listing(), before, "no entry added, the new code block's included");
});

test('salts every key with the installed version of every package that shapes the HTML', () => {
  const salt = pipelineSalt();
  assert.doesNotMatch(salt, /@unknown/, `a package in the salt is not installed: ${salt}`);
  for (const name of ['shiki', 'rehype-pretty-code', 'remark-parse', 'mdast-util-gfm', 'micromark-extension-gfm-table'])
    assert.match(salt, new RegExp(`${name}@\\d+\\.\\d+\\.\\d+`));
});
