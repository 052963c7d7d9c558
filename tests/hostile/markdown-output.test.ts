// Hostile Markdown: unsafe URLs are refused with their line, and pathological input neither
// stalls nor kills the build.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Cache, type CacheName } from '../../cli/cache/cache.ts';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { renderBodies, type MarkdownBody } from '../../cli/render/markdown/render-bodies.ts';
import { workerThreshold } from '../../cli/render/markdown/worker-pool.ts';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/content.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';
import { hangBound } from '../helpers/hang-bound.ts';

const fixtures = path.join(projectRoot, 'tests', 'hostile', 'fixtures');
const timeBound = hangBound;

/** Renders bodies as the build does and returns each problem as [code, file name, line]. */
async function problemsOf(
  bodies: MarkdownBody[],
  threads?: number,
): Promise<[string, string | undefined, number | undefined][]> {
  try {
    // No cache: every body is rendered.
    await renderBodies(bodies, { cache: new Cache(undefined), threads });
  } catch (error) {
    const errors = error instanceof SiteErrorList ? error.errors : [error as SiteError];
    return errors.map((e) => [e.code, e.file && path.basename(e.file), e.line]);
  }
  return [];
}

/** A cache in a folder of its own that counts the entries it answers with. */
class CountingCache extends Cache {
  hits = 0;
  override get(name: CacheName, key: string): Buffer | undefined {
    const entry = super.get(name, key);
    if (entry) this.hits += 1;
    return entry;
  }
}

async function bodyOf(file: string): Promise<MarkdownBody> {
  const { body, bodyLine } = splitMarkdown(await readFile(file, 'utf8'));
  return { file, body, bodyLine };
}

const javascriptPost = path.join(fixtures, 'markdown-javascript-link', 'posts', 'javascript-link.md');

test('refuses every form of a javascript:, vbscript: or data: URL with its line, keeping safe ones', async () => {
  const problems = await problemsOf([await bodyOf(javascriptPost)]);
  const file = 'javascript-link.md';
  assert.deepEqual(problems, [
    ['markdown.unsafe-url', file, 13],
    ['markdown.unsafe-url', file, 15],
    ['markdown.unsafe-url', file, 17],
    ['markdown.unsafe-url', file, 19],
    ['markdown.unsafe-url', file, 21],
    ['markdown.unsafe-url', file, 23],
  ]);
});

test('reports unsafe URLs from worker threads as well', async () => {
  const body = await bodyOf(javascriptPost);
  const many = Array.from({ length: workerThreshold }, (_, i) => ({
    ...body,
    file: `${body.file.replace(/\.md$/, '')}-${i}.md`,
  }));
  const problems = await problemsOf(many, 2);
  assert.equal(problems.length, 6 * workerThreshold);
  assert.deepEqual(
    problems.slice(0, 2).map(([code, , line]) => [code, line]),
    [
      ['markdown.unsafe-url', 13],
      ['markdown.unsafe-url', 15],
    ],
  );
});

test('reports unsafe URLs again when the body comes from the cache', async () => {
  const body = await bodyOf(javascriptPost);
  const folder = await mkdtemp(path.join(os.tmpdir(), 'sitegen-markdown-cache-'));
  try {
    for (const run of ['rendered', 'cached']) {
      const cache = new CountingCache(folder);
      const failure = await renderBodies([body], { cache }).then(
        () => undefined,
        (error: unknown) => error,
      );
      assert.ok(failure instanceof SiteErrorList, run);
      assert.deepEqual(
        failure.errors.map((e) => [e.code, e.line]),
        [13, 15, 17, 19, 21, 23].map((line) => ['markdown.unsafe-url', line]),
        run,
      );
      assert.equal(cache.hits, run === 'cached' ? 1 : 0, `${run}: bodies from the cache`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('refuses 10,000 nested lists, blockquotes or emphases at the line, in time', async () => {
  const started = performance.now();
  const cases: [string, string][] = [
    ['list.md', `intro\n\n${'- '.repeat(10_000)}x\n`],
    ['indented.md', Array.from({ length: 10_000 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')],
    ['quote.md', `${'>'.repeat(10_000)} x\n`],
    ['emphasis.md', `text\n\n${'*a '.repeat(10_000)}b${' a*'.repeat(10_000)}\n`],
    ['strong.md', `${'**'.repeat(10_000)}a${'**'.repeat(10_000)}\n`],
  ];
  const problems = await problemsOf(cases.map(([file, body]) => ({ file: `/posts/${file}`, body, bodyLine: 5 })));
  assert.ok(performance.now() - started < timeBound, `took ${Math.round(performance.now() - started)} ms`);
  assert.deepEqual(problems, [
    ['markdown.too-deep', 'list.md', 7],
    ['markdown.too-deep', 'indented.md', 5 + 100],
    ['markdown.too-deep', 'quote.md', 5],
    ['markdown.too-deep', 'emphasis.md', 7],
    ['markdown.too-deep', 'strong.md', 5],
  ]);
});

test('refuses thousands of lists or blockquotes inside others, whose parse time grows with their square', async () => {
  const started = performance.now();
  const cases: [string, string][] = [
    ['loose.md', '- - x\n\n'.repeat(2_000)],
    ['tight.md', '- - x\n'.repeat(2_000)],
    ['quoted.md', '> - x\n\n'.repeat(2_000)],
    ['indented.md', '- a\n  - b\n'.repeat(2_000)],
  ];
  const problems = await problemsOf(cases.map(([file, body]) => ({ file: `/posts/${file}`, body, bodyLine: 1 })));
  assert.ok(performance.now() - started < timeBound, `took ${Math.round(performance.now() - started)} ms`);
  // The 501st nested line is where each goes past the limit.
  assert.deepEqual(problems, [
    ['markdown.too-deep', 'loose.md', 2 * 501 - 1],
    ['markdown.too-deep', 'tight.md', 501],
    ['markdown.too-deep', 'quoted.md', 2 * 501 - 1],
    ['markdown.too-deep', 'indented.md', 2 * 501],
  ]);
});

test('renders nesting under the limit', async () => {
  assert.deepEqual(
    await problemsOf([
      {
        file: '/posts/ok.md',
        body: `${'- '.repeat(60)}x\n\n${'>'.repeat(90)} y\n\n${'**'.repeat(40)}z${'**'.repeat(40)}\n`,
        bodyLine: 1,
      },
    ]),
    [],
  );
});

/**
 * How a render's cost grows with its input, a ratio that a busy machine does not break: each
 * input and the same input four times (a paragraph apart) are rendered alternately, three times each,
 * in a child process, and the least CPU time of each compared. CPU time counts the render's own
 * work, not the time other processes take the cores from it, and the least of three leaves out a
 * run a collection or a cold cache slowed. Linear parsing gives about 4, quadratic about 16. One
 * child measures every input, so the pipeline loads once; it is killed after a generous bound,
 * so a regression fails instead of hanging the run.
 */
function growthInChild(
  inputs: Record<string, string>,
): Promise<Record<string, { ratio: number; ms: number; html: number }>> {
  const module = path.join(projectRoot, 'cli', 'render', 'markdown', 'render-markdown.ts');
  const script = `import { renderMarkdown } from ${JSON.stringify(module)};
    let text = ''; for await (const chunk of process.stdin) text += chunk;
    const cpuMs = () => { const { user, system } = process.cpuUsage(); return (user + system) / 1000; };
    await renderMarkdown('warm');
    const results = {};
    for (const [name, input] of Object.entries(JSON.parse(text))) {
      const best = [Infinity, Infinity]; let html = 0;
      for (let round = 0; round < 3; round++) {
        for (const [i, body] of [[0, input], [1, Array(4).fill(input).join('\\n\\n')]]) {
          const started = cpuMs(); const out = await renderMarkdown(body);
          best[i] = Math.min(best[i], cpuMs() - started); if (i === 0) html = out.html.length;
        }
      }
      results[name] = { ratio: best[1] / best[0], ms: best[0], html };
    }
    console.log(JSON.stringify(results));`;
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: projectRoot, timeout: 240_000, maxBuffer: 1 << 20 },
      (error, stdout) => {
        if (error) reject(error.killed ? new Error('the render did not finish in time') : error);
        else resolve(JSON.parse(stdout) as Record<string, { ratio: number; ms: number; html: number }>);
      },
    );
    child.stdin!.end(JSON.stringify(inputs));
  });
}

/**
 * Four times the input may take at most this many times as long: 4 is linear, 16 quadratic; the
 * bound halfway between them (geometrically) leaves a busy machine's noise room on either side.
 */
const linearGrowth = 8;

/** Code spans left open, of every length up to 750 backticks: 280 KB. */
function unclosedCodeSpans(): string {
  let markdown = 'a ';
  for (let length = 1; length <= 750; length++) markdown += `${'`'.repeat(length)} x `;
  return markdown;
}

/** Both linear-time inputs, measured by one child the first time a test asks. */
let growth: ReturnType<typeof growthInChild> | undefined;
const measuredGrowth = () =>
  (growth ??= growthInChild({
    rawHtml: `a ${'<a <!-- '.repeat(2_500)}\n\nb ${'<? <![CDATA[ <!A '.repeat(1_250)}`,
    codeSpans: unclosedCodeSpans(),
  }));

test('parses 40 KB of "<a <!-- " and other unclosed raw HTML in linear time', async () => {
  const result = (await measuredGrowth()).rawHtml!;
  assert.ok(
    result.ratio < linearGrowth,
    `four times the input took ${result.ratio.toFixed(2)}× the CPU time (${Math.round(result.ms)} ms once)`,
  );
  assert.ok(result.html > 75_000, 'the unclosed openers are text');
});

test('parses 280 KB of unclosed code spans of every length in linear time', async () => {
  const result = (await measuredGrowth()).codeSpans!;
  assert.ok(
    result.ratio < linearGrowth,
    `four times the input took ${result.ratio.toFixed(2)}× the CPU time (${Math.round(result.ms)} ms once)`,
  );
});

test('a stack overflow while rendering becomes an error naming the file', async () => {
  // A small stack makes nesting well under the limit overflow, as a bigger tree would.
  const script = `import { renderBodies } from ${JSON.stringify(path.join(projectRoot, 'cli', 'render', 'markdown', 'render-bodies.ts'))};
    import { Cache } from ${JSON.stringify(path.join(projectRoot, 'cli', 'cache', 'cache.ts'))};
    try { await renderBodies([{ file: '/posts/deep.md', body: '- '.repeat(90) + 'x', bodyLine: 3 }], { cache: new Cache(undefined) }); console.log('rendered'); }
    catch (error) { console.log(JSON.stringify([error.code, error.file])); }`;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--stack-size=80', '--import', 'tsx', '--input-type=module', '-e', script],
      // Only a guard against a hang: a cold start (tsx compiling, Shiki loading) on a busy machine takes tens of seconds.
      { cwd: projectRoot, timeout: 120_000 },
      (error, out) => (error ? reject(error) : resolve(out)),
    );
  });
  assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop()!), ['markdown.render-failed', '/posts/deep.md']);
});

test('an exception while rendering one body becomes an error naming its file, inline and in workers', async () => {
  // A body that is not text makes the renderer throw, as any bug in it would.
  const broken = { file: '/posts/broken.md', body: { length: 1 } as unknown as string, bodyLine: 1 };
  assert.deepEqual(await problemsOf([broken]), [['markdown.render-failed', 'broken.md', undefined]]);
  const many = Array.from({ length: workerThreshold }, (_, i) => ({
    file: `/posts/ok-${i}.md`,
    body: `Post ${i}.\n`,
    bodyLine: 1,
  }));
  assert.deepEqual(await problemsOf([...many, broken], 2), [['markdown.render-failed', 'broken.md', undefined]]);
});

// Through the real binary.

/** The fixture's post with the tiny site's front matter, its body on the same lines. */
async function tinyPost(slug: string, body?: string): Promise<string> {
  const text = await readFile(javascriptPost, 'utf8');
  const end = text.indexOf('\n---\n', 4);
  const lines = text.slice(4, end).split('\n').length;
  const front = [`title: "${slug}"`, 'date: 2024-02-21', 'tags: [Testing]'];
  while (front.length < lines) front.push("# a line of its own, so the body starts where the fixture's does");
  return `---\n${front.join('\n')}${body === undefined ? text.slice(end) : `\n---\n\n${body}`}`;
}

test('build refuses a javascript: link and a 10,000-deep list with exit 1 at their lines, keeping the previous output', async () => {
  const { root, content, cleanup } = await copyTinySite();
  const out = path.join(root, 'dist');
  try {
    const first = await runCli(['build'], { cwd: root });
    assert.equal(first.code, 0, first.stderr);
    const before = await snapshot(out);
    await writeFile(path.join(content, 'posts', 'javascript-link.md'), await tinyPost('javascript-link'));
    await writeFile(
      path.join(content, 'posts', 'deep-list.md'),
      await tinyPost('deep-list', `${'- '.repeat(10_000)}x\n`),
    );
    const started = performance.now();
    const run = await runCli(['build'], { cwd: root });
    assert.ok(performance.now() - started < timeBound * 3, 'a build, CLI start included');
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /^ {2}content\/posts\/javascript-link\.md:13:3 {2}.*\[markdown\.unsafe-url\]$/m);
    assert.match(run.stderr, /^ {2}content\/posts\/javascript-link\.md:21:3 {2}.*\[markdown\.unsafe-url\]$/m);
    assert.match(run.stderr, /^ {2}content\/posts\/deep-list\.md:13:1 {2}.*\[markdown\.too-deep\]$/m);
    assert.deepEqual(await snapshot(out), before);
  } finally {
    await cleanup();
  }
});

async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  return Promise.all(files.map(async (file) => `${path.relative(dir, file)} ${(await stat(file)).size}`));
}
