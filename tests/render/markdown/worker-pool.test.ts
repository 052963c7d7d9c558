// Markdown rendered in worker threads (cli/render/markdown/worker-pool.ts) is exactly what this
// thread renders, each result under its own index; any failure rejects the run.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { Cache } from '../../../cli/cache/cache.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { MarkdownSourceError, renderInWorkers } from '../../../cli/render/markdown/worker-pool.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-pool-'));
after(() => rm(dir, { recursive: true, force: true }));

/** A body like a post's: headings, prose, a list, a link and a TypeScript block; its length varies with `i`. */
function body(i: number): string {
  return [
    `Intro ${i}: ${'quality assurance engineers automate regression suites '.repeat(1 + (i % 7))}`,
    `## Setting up suite ${i}`,
    '- first step\n- second step with [the blog](/blog/)',
    '```ts',
    `test('checkout ${i} works', async ({ page }) => {\n  await page.goto('/checkout/${i}');\n});`,
    '```',
    `### Results ${i}`,
    'Done.',
  ].join('\n\n');
}

test('workers render Markdown exactly as this thread does, each result under its index, once', async () => {
  const sources = Array.from({ length: 45 }, (_, i) => ({ markdown: body(i), firstLine: 12 }));
  const results = new Map<number, RenderedMarkdown>();
  await renderInWorkers(
    sources,
    (index, result) => {
      assert.ok(!results.has(index), `index ${index} delivered twice`);
      results.set(index, result);
    },
    { threads: 2 },
  );
  assert.equal(results.size, sources.length);
  for (const index of [0, 21, 44]) {
    assert.deepEqual(results.get(index), await renderMarkdown(sources[index]!.markdown, 12), `source ${index}`);
  }
  assert.match(results.get(7)!.html, /<h2 id="setting-up-suite-7">/);
  assert.match(results.get(7)!.html, /data-language="ts"/);
  assert.deepEqual(
    results.get(7)!.links.map((link) => [link.href, link.line]),
    [['/blog/', 17]],
    'link lines count from the first line given (12, so its sixth line is 17)',
  );
});

test('workers keep the highlighted blocks in the cache folder they are given', async () => {
  const cache = new Cache(path.join(dir, 'cache'));
  await renderInWorkers(
    [0, 1, 2].map((i) => ({ markdown: body(i), firstLine: 1 })),
    () => undefined,
    { threads: 2, cache: cache.shared },
  );
  const entries = (
    await readdir(path.join(cache.folder!, 'highlight'), { recursive: true, withFileTypes: true })
  ).filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name));
  assert.equal(entries.length, 3, 'one entry per code block');
});

test('no source renders nothing and starts no worker', async () => {
  let called = false;
  await renderInWorkers([], () => {
    called = true;
  });
  assert.equal(called, false);
});

test('a body that fails to render rejects the whole run, naming its index', async () => {
  // Rendering itself throws in the worker: a BigInt first line cannot offset a number line.
  const sources = [
    { markdown: '# fine', firstLine: 1 },
    { markdown: 'See [the blog](/blog).', firstLine: 1n as unknown as number },
  ];
  await assert.rejects(
    renderInWorkers(sources, () => undefined, { threads: 1 }),
    (error: unknown) => {
      assert.ok(error instanceof MarkdownSourceError);
      assert.equal(error.index, 1);
      assert.match(error.message, /BigInt/);
      return true;
    },
  );
});

test('an error thrown while handling a result rejects the run instead of escaping', async () => {
  const sources = [
    { markdown: '# one', firstLine: 1 },
    { markdown: '# two', firstLine: 1 },
  ];
  await assert.rejects(
    renderInWorkers(
      sources,
      () => {
        throw new Error('template failed');
      },
      { threads: 1 },
    ),
    /template failed/,
  );
});
