import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { FrontMatterCache } from '../../cli/load/front-matter-cache.ts';
import { sharedCorpusPosts } from '../helpers/realistic-posts.ts';

async function withCacheFile(run: (file: string) => Promise<void>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'front-matter-cache-'));
  try {
    await run(path.join(dir, 'front-matter.json'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const shapes = [
  '---\ntitle: A\ndate: 2025-03-04\ntags: [a, b]\n---\nbody\n',
  '---\r\ntitle: "Quoted: colon"\r\nmeta:\r\n  updated: 2025-03-05T10:00:00Z\r\n  list: [1, 2.5, true, null]\r\n---\r\nbody\r\n',
  '\ufeff---yaml\ntitle: A\n---\n\nbody after a blank line\n',
  '---\n# only a comment\n---\nbody\n',
  '---\n---\nempty front matter\n',
  '---\ntitle: A\n',
  '---\nodd: [.inf, -.nan, -0.0]\n---\nvalues JSON cannot carry\n',
  '---\n__proto__: { polluted: true }\ntitle: A\n---\nbody\n',
];

test('a cached front matter is exactly the one parsed, in a new build', async () => {
  await withCacheFile(async (file) => {
    const sources = [...shapes, ...sharedCorpusPosts(20).map((post) => post.text)];
    const first = FrontMatterCache.open(file);
    const parsed = sources.map((source) => splitMarkdown(source, 'post.md', first));
    first.save();
    const second = FrontMatterCache.open(file);
    const again = sources.map((source) => splitMarkdown(source, 'post.md', second));
    for (const [i, source] of sources.entries()) assert.deepStrictEqual(again[i], parsed[i], JSON.stringify(source.slice(0, 60)));
    // All but the values JSON cannot carry came from the cache.
    assert.equal(second.hits, sources.length - 1);
    // A copy each time: one build changing its front matter does not change the next lookup.
    (again[0]!.frontMatter.tags as string[]).push('changed');
    assert.deepEqual(splitMarkdown(shapes[0]!, 'post.md', second).frontMatter.tags, ['a', 'b']);
  });
});

test('an edited front matter is parsed again; an edited body keeps its front matter from the cache', async () => {
  await withCacheFile(async (file) => {
    const cache = FrontMatterCache.open(file);
    splitMarkdown('---\ntitle: Old\n---\nbody\n', 'post.md', cache);
    cache.save();
    const next = FrontMatterCache.open(file);
    assert.equal(splitMarkdown('---\ntitle: New\n---\nbody\n', 'post.md', next).frontMatter.title, 'New');
    assert.equal(next.hits, 0);
    const edited = splitMarkdown('---\ntitle: New\n---\nanother body\n', 'post.md', next);
    assert.deepEqual([edited.frontMatter.title, edited.body, next.hits], ['New', 'another body\n', 1]);
  });
});

test('a hostile or broken cache file only means parsing again', async () => {
  await withCacheFile(async (file) => {
    const source = '---\ntitle: A\ndate: 2025-03-04\n---\nbody\n';
    const cache = FrontMatterCache.open(file);
    const expected = splitMarkdown(source, 'post.md', cache);
    cache.save();
    const saved = JSON.parse(await readFile(file, 'utf8')) as { entries: Record<string, { data: Record<string, unknown> }> };
    const [key] = Object.keys(saved.entries);
    const tampered = [
      'not json',
      JSON.stringify({ ...saved, version: 999 }),
      JSON.stringify({ ...saved, generator: 'another generator' }),
      JSON.stringify({ ...saved, entries: { [key!]: { data: 'a string' } } }),
      JSON.stringify({ ...saved, entries: { [key!]: { data: ['an', 'array'] } } }),
      JSON.stringify({ ...saved, entries: { [key!.toUpperCase()]: saved.entries[key!] } }),
      JSON.stringify({ ...saved, entries: [saved.entries[key!]] }),
    ];
    for (const contents of tampered) {
      await writeFile(file, contents);
      const reopened = FrontMatterCache.open(file);
      assert.deepStrictEqual(splitMarkdown(source, 'post.md', reopened), expected, contents.slice(0, 80));
      assert.equal(reopened.hits, 0, contents.slice(0, 80));
    }
  });
});
