import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { MarkdownCache, pipelineSalt } from '../../../cli/render/markdown/markdown-cache.ts';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-cache-'));
after(() => rm(dir, { recursive: true, force: true }));

test('keeps rendered Markdown between builds, keyed by text and first line', async () => {
  const file = path.join(dir, 'a.json');
  const first = await MarkdownCache.open(file);
  const key = first.key('## Hi', 5);
  assert.notEqual(key, first.key('## Hi', 6), 'the first line is part of the key: link lines depend on it');
  first.set(key, await renderMarkdown('## Hi', 5));
  await first.save();
  const second = await MarkdownCache.open(file);
  assert.equal(second.get(key)?.html, '<h2 id="hi">Hi</h2>');
});

test('drops entries a build did not use, so the file does not grow forever', async () => {
  const file = path.join(dir, 'b.json');
  const cache = await MarkdownCache.open(file);
  cache.set(cache.key('old', 1), await renderMarkdown('old'));
  await cache.save();
  const next = await MarkdownCache.open(file);
  next.set(next.key('new', 1), await renderMarkdown('new'));
  await next.save();
  const stored = JSON.parse(await readFile(file, 'utf8')) as { entries: [string, unknown][] };
  assert.deepEqual(stored.entries.map(([key]) => key), [next.key('new', 1)]);
});

test('ignores a cache written by other package versions', async () => {
  const file = path.join(dir, 'c.json');
  const cache = await MarkdownCache.open(file);
  const key = cache.key('text', 1);
  await writeFile(file, JSON.stringify({ salt: 'shiki@0.0.1', entries: [[key, { html: 'stale', links: [], headings: [] }]] }));
  assert.equal((await MarkdownCache.open(file)).get(key), undefined);
});

test('salts the cache with the installed version of every package that shapes the HTML', () => {
  const salt = pipelineSalt();
  assert.doesNotMatch(salt, /@unknown/, `a package in the salt is not installed: ${salt}`);
  for (const name of ['shiki', 'rehype-pretty-code', 'remark-parse', 'mdast-util-gfm', 'micromark-extension-gfm-table']) assert.match(salt, new RegExp(`${name}@\\d+\\.\\d+\\.\\d+`));
});
