// A build of the tiny site with enough more posts to render in worker threads, through the real
// binary on a terminal: its Markdown renders in worker threads exactly as in this process, and a
// progress line rewrites itself, while the output to a pipe or file has none. Colour is on at a terminal unless
// NO_COLOR (set to a value) or --no-color says otherwise.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { workerThreshold } from '../../cli/render/markdown/worker-pool.ts';
import { runCli } from '../helpers/cli.ts';
import { addTinySyntheticPosts } from '../helpers/synthetic-posts.ts';
import { runInTerminal } from '../helpers/terminal.ts';
import { copyTinySite, type SiteCopy } from '../helpers/tiny-copy.ts';

/** Just over the count that renders in worker threads. */
const added = workerThreshold + 10;
/** The tiny site's two posts, the added ones and one showing Markdown in a code block; the home, search and 404 pages. */
const pages = 2 + added + 1 + 3;
/** Colour codes (SGR): what NO_COLOR and --no-color leave out. */
const colourCode = /\u001b\[[0-9;]*m/;

let many: SiteCopy;
let small: SiteCopy;

before(async () => {
  [many, small] = await Promise.all([copyTinySite(), copyTinySite()]);
  await addTinySyntheticPosts(path.join(many.content, 'posts'), added);
  await writeFile(
    path.join(many.content, 'posts', 'markdown-block.md'),
    '---\ntitle: Markdown shown as code\ndate: 2024-03-01\n---\n\nA fence of Markdown:\n\n```markdown\n# A heading\n\n- a *list* with [a link](/)\n```\n',
  );
  assert.ok(added > workerThreshold, 'enough posts for the worker threads');
});
after(() => Promise.all([many.cleanup(), small.cleanup()]));

test('a build of over 200 posts on a terminal renders them in worker threads, as this process renders them, with a progress line that rewrites itself', async () => {
  const run = await runInTerminal(['build', '--out', 'terminal', '--no-cache'], { cwd: many.root });
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /links: 0 broken links/);
  // The terminal turns each newline into \r\n; a \r of the program's own returns to the line's start.
  const rewrites = run.output.match(/\r(?!\n)/g) ?? [];
  assert.ok(rewrites.length >= 2, `carriage returns that rewrite the line: ${rewrites.length}`);
  assert.match(run.output, new RegExp(`\\r\\u001b\\[KRendering pages: \\d+ of ${pages}`));
  assert.match(run.output, new RegExp(`Built ${pages} pages and 1 redirects`));
  // The line is cleared before the summary: no progress text is left in front of it.
  assert.match(run.output, /\r\u001b\[K(\u001b\[[0-9;]*m)?Built /);
  const out = path.join(many.root, 'terminal');
  const last = await readFile(path.join(out, 'posts', `tiny-post-${added - 1}`, 'index.html'), 'utf8');
  assert.match(last, new RegExp(`<h1>Tiny post ${added - 1}</h1>`));
  assert.match(last, new RegExp(`<h2 id="part-one-of-post-${added - 1}">`));
  // The workers run the same pipeline: a post and one with Markdown in a code block come out
  // exactly as this process renders them.
  for (const slug of ['tiny-post-7', 'markdown-block']) {
    const { body, bodyLine } = splitMarkdown(await readFile(path.join(many.content, 'posts', `${slug}.md`), 'utf8'));
    const expected = (await renderMarkdown(body, bodyLine)).html;
    assert.ok(
      (await readFile(path.join(out, 'posts', slug, 'index.html'), 'utf8')).includes(expected),
      `${slug} as rendered in this process`,
    );
  }
});

test('a build piped to a file writes no progress line', async () => {
  const run = await runCli(['build', '--out', 'piped', '--no-cache'], { cwd: small.root });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Built 5 pages and 1 redirects/);
  assert.ok(
    !run.stdout.includes('\r') && !run.stderr.includes('\r'),
    `no carriage return: ${JSON.stringify(run.stderr.slice(0, 200))}`,
  );
  assert.doesNotMatch(run.stderr, /Rendering pages|Loading the site/);
});

test('colour is on at a terminal, and off with NO_COLOR=1 or --no-color; an empty NO_COLOR leaves it on', async () => {
  const coloured = await runInTerminal(['build', '--out', 'coloured'], { cwd: small.root });
  assert.equal(coloured.code, 0, coloured.output);
  assert.match(coloured.output, /\u001b\[32mBuilt 5 pages/, 'the summary is green on a terminal');
  // A usage error prints a red `error` at once, without a build.
  const cases = [
    ['NO_COLOR=1', ['build', '--content', 'missing'], { NO_COLOR: '1' }, false],
    ['--no-color', ['--no-color', 'build', '--content', 'missing'], {}, false],
    [
      'NO_COLOR set empty (no-color.org: only a value turns colour off)',
      ['build', '--content', 'missing'],
      { NO_COLOR: '' },
      true,
    ],
  ] as const;
  for (const [label, args, env, colour] of cases) {
    const run = await runInTerminal([...args], { cwd: small.root, env: { ...env } });
    assert.equal(run.code, 2, run.output);
    assert.match(run.output, /error.*\[content\.no-folder\]/, label);
    if (colour) assert.match(run.output, /\u001b\[31merror\u001b\[0m/, `${label}: ${JSON.stringify(run.output)}`);
    else assert.doesNotMatch(run.output, colourCode, `${label}: ${JSON.stringify(run.output)}`);
  }
  const failed = await runInTerminal(['--no-color', 'build', '--no-such-option'], { cwd: small.root });
  assert.equal(failed.code, 2);
  assert.doesNotMatch(failed.output, colourCode);
});
