import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { renderMarkdown, type RenderedMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { MarkdownPool } from '../../../cli/render/markdown/worker-pool.ts';
import { syntheticPost } from '../../helpers/synthetic-posts.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-pool-'));
after(() => rm(dir, { recursive: true, force: true }));

const bodyOf = (post: string) => post.slice(post.indexOf('\n---\n', 4) + 5);

test('workers render Markdown exactly as this thread does, each result under its index', async () => {
  const sources = Array.from({ length: 45 }, (_, i) => ({ markdown: bodyOf(syntheticPost(i)), firstLine: 12 }));
  const pool = new MarkdownPool(2);
  const results = new Map<number, RenderedMarkdown>();
  try {
    await pool.render(sources, (index, result) => {
      assert.ok(!results.has(index), `index ${index} delivered twice`);
      results.set(index, result);
    });
  } finally {
    await pool.close();
  }
  assert.equal(results.size, sources.length);
  for (const index of [0, 21, 44]) {
    assert.deepEqual(results.get(index), await renderMarkdown(sources[index]!.markdown, 12), `source ${index}`);
  }
  assert.match(results.get(7)!.html, /<h2 id="setting-up-suite-7">/);
  assert.match(results.get(7)!.html, /data-language="ts"/);
});

test('prefetched files are rendered once, and a file changed since is rendered from the body the build read', async () => {
  const folder = path.join(dir, 'prefetch');
  await mkdir(folder, { recursive: true });
  const files = [0, 1, 2].map((i) => path.join(folder, `synthetic-post-${i}.md`));
  await Promise.all(files.map((file, i) => writeFile(file, syntheticPost(i))));
  const pool = new MarkdownPool(2);
  const results = new Map<number, RenderedMarkdown>();
  try {
    pool.prefetch([...files, path.join(folder, 'missing.md')]);
    // As the build reads them: the body after the front matter, which starts on line 11.
    const sources = files.map((file, i) => ({ file, markdown: bodyOf(syntheticPost(i)), firstLine: 11 }));
    sources[2]!.markdown = '# Edited after the worker read it';
    sources.push({ file: path.join(folder, 'missing.md'), markdown: '# Written while the build ran', firstLine: 1 });
    await pool.render(sources, (index, result) => results.set(index, result));
    assert.equal(pool.reused, 2, 'the two unchanged files');
    for (const [index, source] of sources.entries()) {
      assert.deepEqual(results.get(index), await renderMarkdown(source.markdown, source.firstLine), `source ${index}`);
    }
  } finally {
    await pool.close();
  }
});

test('a file that fails to render rejects the whole render', async () => {
  const pool = new MarkdownPool(1);
  try {
    // Rendering itself throws in the worker: a BigInt first line cannot offset a number line.
    const sources = [{ markdown: '# fine', firstLine: 1 }, { markdown: 'See [the blog](/blog).', firstLine: 1n as unknown as number }];
    await assert.rejects(pool.render(sources, () => {}), /BigInt/);
  } finally {
    await pool.close();
  }
});

test('an error thrown while handling a result rejects the render instead of escaping', async () => {
  const pool = new MarkdownPool(1);
  try {
    const sources = [{ markdown: '# one', firstLine: 1 }, { markdown: '# two', firstLine: 1 }];
    await assert.rejects(pool.render(sources, () => {
      throw new Error('template failed');
    }), /template failed/);
  } finally {
    await pool.close();
  }
});
