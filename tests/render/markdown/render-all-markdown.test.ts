import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { loadInputs, markdownSources } from '../../../cli/build/build-steps.ts';
import { prepareMarkdown } from '../../../cli/render/markdown/render-all-markdown.ts';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { workerThreshold } from '../../../cli/render/markdown/worker-pool.ts';
import { copyContent, projectRoot } from '../../helpers/content.ts';
import { replacePostsWithSynthetic } from '../../helpers/synthetic-posts.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-markdown-'));
after(() => rm(dir, { recursive: true, force: true }));

test('starts workers early only for a large folder of posts with no Markdown cache', async () => {
  const content = path.join(dir, 'early');
  const posts = path.join(content, 'posts');
  await mkdir(posts, { recursive: true });
  await Promise.all(Array.from({ length: workerThreshold - 1 }, (_, i) => writeFile(path.join(posts, `p${i}.md`), '')));
  const startedEarly = async (contentDir: string, cacheFile?: string) => {
    const markdown = prepareMarkdown(contentDir, { cacheFile, threads: 1 });
    await markdown.close();
    return markdown.stats().startedEarly;
  };
  assert.equal(await startedEarly(content), false, 'below the threshold');
  await writeFile(path.join(posts, 'last.md'), '');
  assert.equal(await startedEarly(content), true, 'at the threshold');
  const cacheFile = path.join(dir, 'markdown.json');
  await writeFile(cacheFile, '{}');
  assert.equal(await startedEarly(content, cacheFile), false, 'a cache may spare the work');
  assert.equal(await startedEarly(path.join(dir, 'missing')), false, 'no posts folder');
});

test('renders each body once, then serves it from the cache file, and hands bodies over as they are ready', async () => {
  const cacheFile = path.join(dir, 'cache', 'markdown.json');
  const sources = [{ file: '/a.md', body: '## One\n\nSee [the blog](/blog).', bodyLine: 4 }, { file: '/b.md', body: '# Two', bodyLine: 1 }];
  const first = prepareMarkdown(path.join(dir, 'no-content'), { cacheFile });
  const handed: string[] = [];
  const bodies = await first.renderAll(sources).consume((file) => handed.push(file));
  assert.deepEqual(handed.sort(), ['/a.md', '/b.md']);
  assert.deepEqual(bodies.get('/a.md'), await renderMarkdown(sources[0]!.body, 4));
  await first.save();
  assert.deepEqual(first.stats(), { startedEarly: false, cached: 0, rendered: 2, prefetched: 0 });

  const second = prepareMarkdown(path.join(dir, 'no-content'), { cacheFile });
  const again = await second.renderAll(sources).consume(() => {});
  assert.deepEqual(again.get('/a.md'), bodies.get('/a.md'));
  assert.deepEqual(second.stats(), { startedEarly: false, cached: 2, rendered: 0, prefetched: 0 });
});

test('an error thrown while a body is handed over rejects the run', async () => {
  const markdown = prepareMarkdown(path.join(dir, 'no-content'));
  const run = markdown.renderAll([{ file: '/a.md', body: '# One', bodyLine: 1 }]);
  await assert.rejects(run.consume(() => {
    throw new Error('template failed');
  }), /template failed/);
});

test('a cold build of a large blog takes every post from the workers that read it ahead', async () => {
  const { content, cleanup } = await copyContent();
  try {
    await replacePostsWithSynthetic(content, workerThreshold);
    const markdown = prepareMarkdown(content, { threads: 2 });
    try {
      assert.ok(markdown.stats().startedEarly);
      const loaded = await loadInputs(projectRoot, content);
      const bodies = await markdown.renderAll(markdownSources(loaded.raw)).consume(() => {});
      assert.equal(markdown.stats().prefetched, workerThreshold, 'no post rendered twice');
      const last = workerThreshold - 1;
      assert.match(bodies.get(path.join(content, 'posts', `synthetic-post-${last}.md`))!.html, new RegExp(`<h2 id="setting-up-suite-${last}">`));
    } finally {
      await markdown.close();
    }
  } finally {
    await cleanup();
  }
});
