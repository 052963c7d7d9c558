// Hostile Markdown: unsafe URLs are refused with their line, and pathological input neither
// stalls nor kills the build.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { prepareMarkdown, type MarkdownBody } from '../../cli/render/markdown/render-all-markdown.ts';
import { workerThreshold } from '../../cli/render/markdown/worker-pool.ts';
import { runCli } from '../helpers/cli.ts';
import { copyContent, projectRoot } from '../helpers/content.ts';

const fixtures = path.join(projectRoot, 'tests', 'hostile', 'fixtures');
/** Generous: the machine is shared; each render here takes about a second alone. */
const timeBound = 10_000;

/** Renders bodies as the build does and returns each problem as [code, file name, line]. */
async function problemsOf(bodies: MarkdownBody[], threads?: number): Promise<[string, string | undefined, number | undefined][]> {
  const markdown = prepareMarkdown(path.join(projectRoot, 'no-content'), { threads });
  try {
    await markdown.renderAll(bodies).consume(() => undefined);
  } catch (error) {
    const errors = error instanceof SiteErrorList ? error.errors : [error as SiteError];
    return errors.map((e) => [e.code, e.file && path.basename(e.file), e.line]);
  } finally {
    await markdown.close();
  }
  return [];
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
  const many = Array.from({ length: workerThreshold }, (_, i) => ({ ...body, file: `${body.file.replace(/\.md$/, '')}-${i}.md` }));
  const problems = await problemsOf(many, 2);
  assert.equal(problems.length, 6 * workerThreshold);
  assert.deepEqual(problems.slice(0, 2).map(([code, , line]) => [code, line]), [['markdown.unsafe-url', 13], ['markdown.unsafe-url', 15]]);
});

test('reports unsafe URLs again when the body comes from the cache', async () => {
  const body = await bodyOf(javascriptPost);
  const markdown = prepareMarkdown(path.join(projectRoot, 'no-content'));
  try {
    for (const run of ['rendered', 'cached']) {
      const failure = await markdown.renderAll([body]).consume(() => undefined).then(() => undefined, (error: unknown) => error);
      assert.ok(failure instanceof SiteErrorList, run);
      assert.deepEqual(failure.errors.map((e) => [e.code, e.line]).slice(0, 1), [['markdown.unsafe-url', 13]], run);
    }
    assert.equal(markdown.stats().cached, 1);
  } finally {
    await markdown.close();
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
  assert.deepEqual(await problemsOf([{ file: '/posts/ok.md', body: `${'- '.repeat(60)}x\n\n${'>'.repeat(90)} y\n\n${'**'.repeat(40)}z${'**'.repeat(40)}\n`, bodyLine: 1 }]), []);
});

/**
 * How a render's time grows with its input, a ratio that holds on a busy machine where a
 * wall-clock bound does not: `markdown` and `markdown` twice are rendered alternately, twice
 * each, in a child process, and the fastest of each compared. Linear parsing gives about 2,
 * quadratic about 4. The child is killed after a generous bound, so a regression fails
 * instead of hanging the run.
 */
function growthInChild(markdown: string): Promise<{ ratio: number; ms: number; html: number }> {
  const module = path.join(projectRoot, 'cli', 'render', 'markdown', 'render-markdown.ts');
  const script = `import { renderMarkdown } from ${JSON.stringify(module)};
    let input = ''; for await (const chunk of process.stdin) input += chunk;
    await renderMarkdown('warm');
    const best = [Infinity, Infinity]; let html = 0;
    for (let round = 0; round < 2; round++) {
      for (const [i, body] of [[0, input], [1, input + '\\n\\n' + input]]) {
        const started = performance.now(); const out = await renderMarkdown(body);
        best[i] = Math.min(best[i], performance.now() - started); if (i === 0) html = out.html.length;
      }
    }
    console.log(JSON.stringify({ ratio: best[1] / best[0], ms: best[0], html }));`;
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: projectRoot, timeout: 180_000, maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) reject(error.killed ? new Error('the render did not finish in time') : error);
      else resolve(JSON.parse(stdout) as { ratio: number; ms: number; html: number });
    });
    child.stdin!.end(markdown);
  });
}

/** Twice the input may take at most this many times as long: 2 is linear, 4 quadratic. */
const linearGrowth = 3;

test('parses 156 KB of "<a <!-- " and other unclosed raw HTML in linear time', async () => {
  const result = await growthInChild(`a ${'<a <!-- '.repeat(20_000)}\n\nb ${'<? <![CDATA[ <!A '.repeat(10_000)}`);
  assert.ok(result.ratio < linearGrowth, `twice the input took ${result.ratio.toFixed(2)}× as long (${Math.round(result.ms)} ms once)`);
  assert.ok(result.html > 300_000, 'the unclosed openers are text');
});

test('parses 1.1 MB of unclosed code spans of every length in linear time', async () => {
  let markdown = 'a ';
  for (let length = 1; length <= 1_500; length++) markdown += `${'`'.repeat(length)} x `;
  const result = await growthInChild(markdown);
  assert.ok(result.ratio < linearGrowth, `twice the input took ${result.ratio.toFixed(2)}× as long (${Math.round(result.ms)} ms once)`);
});

test('a stack overflow while rendering becomes an error naming the file', async () => {
  // A small stack makes nesting well under the limit overflow, as a bigger tree would.
  const script = `import { prepareMarkdown } from ${JSON.stringify(path.join(projectRoot, 'cli', 'render', 'markdown', 'render-all-markdown.ts'))};
    const markdown = prepareMarkdown('/no-content');
    try { await markdown.renderAll([{ file: '/posts/deep.md', body: '- '.repeat(90) + 'x', bodyLine: 3 }]).consume(() => {}); console.log('rendered'); }
    catch (error) { console.log(JSON.stringify([error.code, error.file])); }
    await markdown.close();`;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--stack-size=80', '--import', 'tsx', '--input-type=module', '-e', script],
    // Only a guard against a hang: a cold start (tsx compiling, Shiki loading) on a busy machine takes tens of seconds.
    { cwd: projectRoot, timeout: 120_000 }, (error, out) => (error ? reject(error) : resolve(out)));
  });
  assert.deepEqual(JSON.parse(stdout.trim().split('\n').pop()!), ['markdown.render-failed', '/posts/deep.md']);
});

test('an exception while rendering one body becomes an error naming its file, inline and in workers', async () => {
  // A body that is not text makes the renderer throw, as any bug in it would.
  const broken = { file: '/posts/broken.md', body: { length: 1 } as unknown as string, bodyLine: 1 };
  assert.deepEqual(await problemsOf([broken]), [['markdown.render-failed', 'broken.md', undefined]]);
  const many = Array.from({ length: workerThreshold }, (_, i) => ({ file: `/posts/ok-${i}.md`, body: `Post ${i}.\n`, bodyLine: 1 }));
  assert.deepEqual(await problemsOf([...many, broken], 2), [['markdown.render-failed', 'broken.md', undefined]]);
});

// Through the real binary.

test('build refuses a javascript: link and a 10,000-deep list with exit 1 at their lines, keeping the previous output', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'out');
  try {
    const first = await runCli(['build', '--content', content, '--out', out]);
    assert.equal(first.code, 0, first.stderr);
    const before = await snapshot(out);
    await cp(path.join(fixtures, 'markdown-javascript-link'), content, { recursive: true });
    const deep = (await readFile(javascriptPost, 'utf8')).replace('slug: javascript-link', 'slug: deep-list').replace(/\n\n[\s\S]*$/, `\n\n${'- '.repeat(10_000)}x\n`);
    await writeFile(path.join(content, 'posts', 'deep-list.md'), deep);
    const started = performance.now();
    const run = await runCli(['build', '--content', content, '--out', out]);
    assert.ok(performance.now() - started < timeBound * 3, 'a build, CLI start included');
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /posts\/javascript-link\.md:13:3 {2}.*\[markdown\.unsafe-url\]/);
    assert.match(run.stderr, /posts\/javascript-link\.md:21:3 {2}.*\[markdown\.unsafe-url\]/);
    assert.match(run.stderr, /posts\/deep-list\.md:13:1 {2}.*\[markdown\.too-deep\]/);
    assert.deepEqual(await snapshot(out), before);
  } finally {
    await cleanup();
  }
});

async function snapshot(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
  return Promise.all(files.map(async (file) => `${path.relative(dir, file)} ${(await stat(file)).size}`));
}
