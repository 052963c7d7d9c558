// The one entry point of Markdown rendering (cli/render/markdown/render-bodies.ts): every body
// once, handed over as it is ready, in this thread or in workers when there are many, and every
// problem of the run reported at once at its file and line.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Cache } from '../../../cli/cache/cache.ts';
import { SiteError, SiteErrorList } from '../../../cli/errors.ts';
import { renderBodies } from '../../../cli/render/markdown/render-bodies.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { hasStartedHighlighter } from '../../../cli/render/markdown/shared-highlighter.ts';
import { workerThreshold } from '../../../cli/render/markdown/worker-pool.ts';

const noCache = new Cache(undefined);

// First in this file, so that nothing has started a highlighter in this thread yet.
test('a run of many bodies renders them in worker threads, exactly as this thread would', async () => {
  const bodies = Array.from({ length: workerThreshold }, (_, i) => ({
    file: `/posts/p${i}.md`,
    body: `## Post ${i}\n\n\`\`\`ts\nconst n = ${i};\n\`\`\`\n`,
    bodyLine: 5,
  }));
  const rendered = await renderBodies(bodies, { cache: noCache, threads: 2 });
  assert.equal(rendered.size, workerThreshold);
  assert.equal(hasStartedHighlighter(), false, 'every code block was highlighted in a worker');
  const last = bodies.at(-1)!;
  assert.deepEqual(rendered.get(last.file), await renderMarkdown(last.body, last.bodyLine));
  assert.equal(hasStartedHighlighter(), true, "rendering here starts this thread's highlighter");
});

test('a run of a few bodies renders them here, handing each over as soon as it is ready', async () => {
  const bodies = [
    { file: '/a.md', body: '## One\n\nSee [the blog](/blog).', bodyLine: 4 },
    { file: '/b.md', body: '# Two', bodyLine: 1 },
  ];
  const handed: string[] = [];
  const rendered = new Map<string, RenderedMarkdown>();
  const kept = await renderBodies(bodies, {
    cache: noCache,
    onBody: (file, body) => {
      handed.push(`${file} ${body.headings.length}`);
      rendered.set(file, body);
    },
  });
  assert.deepEqual(handed, ['/a.md 1', '/b.md 1']);
  assert.equal(kept.size, 0, 'bodies handed over as they come are not also held until the run ends');
  assert.deepEqual(rendered.get('/a.md'), await renderMarkdown(bodies[0]!.body, 4));
  assert.deepEqual(
    rendered.get('/a.md')!.links.map((link) => [link.href, link.line]),
    [['/blog', 6]],
  );
});

test('every problem of every body is reported at once, each at its file and line, once every body is rendered', async () => {
  const bodies = [
    { file: '/posts/a.md', body: 'Intro.\n\n![](/images/a.png)\n', bodyLine: 6 },
    { file: '/posts/b.md', body: 'Fine.', bodyLine: 3 },
    { file: '/posts/c.md', body: '[click](javascript:alert(1))\n\n![](/images/c.png)\n', bodyLine: 10 },
  ];
  const handed: string[] = [];
  await assert.rejects(
    renderBodies(bodies, { cache: noCache, onBody: (file) => handed.push(file) }),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, e.file, e.line]),
        [
          ['image.missing-alt', '/posts/a.md', 8],
          ['markdown.unsafe-url', '/posts/c.md', 10],
          ['image.missing-alt', '/posts/c.md', 12],
        ],
      );
      return true;
    },
  );
  assert.deepEqual(handed, ['/posts/a.md', '/posts/b.md', '/posts/c.md'], 'every body was still rendered');
});

test('a body whose rendering throws fails the run as markdown.render-failed at its file', async () => {
  const bodies = [
    { file: '/posts/fine.md', body: '# fine', bodyLine: 1 },
    { file: '/posts/broken.md', body: 'See [the blog](/blog).', bodyLine: 1n as unknown as number },
  ];
  await assert.rejects(renderBodies(bodies, { cache: noCache }), (error: unknown) => {
    assert.ok(error instanceof SiteError);
    assert.deepEqual([error.code, error.file], ['markdown.render-failed', '/posts/broken.md']);
    return true;
  });
});

test('an error thrown while a body is handed over rejects the run', async () => {
  await assert.rejects(
    renderBodies([{ file: '/a.md', body: '# One', bodyLine: 1 }], {
      cache: noCache,
      onBody: () => {
        throw new Error('template failed');
      },
    }),
    /template failed/,
  );
});
