// new-post writes only what the build accepts: every refusal below goes through the command
// (the first through the real binary) in a throwaway copy of the content, exits 1 with its
// code, and writes no file; the awkward-but-legal titles are written, built in memory, and
// shown exactly in the page's h1.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rename, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createNewPostCommand } from '../../cli/commands/new-post.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { runCli, runCliHere } from '../helpers/cli.ts';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { projectCache } from '../helpers/sites.ts';
import { realSite } from '../helpers/real-site.ts';

const timeLimitMs = 10_000;

let content: string;
let cleanup: () => Promise<void>;
before(async () => {
  ({ content, cleanup } = await copyContent());
  await runCli(['--help']); // compiles the CLI once, outside the time bounds
});
after(() => cleanup());

/** The site's posts folder in the content copy. */
const postsFolder = () => path.join(content, realSite.definition.content.collections.posts!.folder);
const posts = () => readdir(postsFolder());

/**
 * Runs `new-post` with the given options; the title comes after `--`, so `- a title` is no option.
 * The first run goes through the real binary; the others run the same command in this process,
 * which decides and prints exactly as the binary does without a process start each.
 */
let binaryRun = true;
async function newPost(title: string, ...args: string[]) {
  const started = Date.now();
  const argv = ['new-post', '--content', content, '--tags', 'Testing', ...args, '--', title];
  const run = binaryRun ? await runCli(argv) : await runCliHere(argv, { cwd: projectRoot });
  binaryRun = false;
  return { ...run, ms: Date.now() - started };
}

const refusals: [name: string, title: string, args: string[], code: string, reason: RegExp][] = [
  ['an impossible date', 'Leap Day Plus One', ['--date', '2024-02-30'], 'new-post.bad-date', /2024-02-30/],
  ['year 0000', 'The Year Zero', ['--date', '0000-01-01'], 'new-post.bad-date', /0000-01-01/],
  ['a bell character in the title', 'Ring \x07 Ring', [], 'new-post.invalid-field', /^error: title: /m],
  [
    'a right-to-left override in the title',
    'Innocent \u202Etxt.exe',
    [],
    'new-post.invalid-field',
    /^error: title: .*\\u202e/m,
  ],
  ['a newline in the title', 'First line\nsecond: line', [], 'new-post.invalid-field', /^error: title: /m],
  ['a DEL character in the title', 'Delete\x7fme', [], 'new-post.invalid-field', /^error: title: /m],
  ['an empty excerpt', 'Empty Excerpt', ['--excerpt', ''], 'new-post.invalid-field', /^error: excerpt: /m],
  ['a whitespace-only excerpt', 'Blank Excerpt', ['--excerpt', ' \t '], 'new-post.invalid-field', /^error: excerpt: /m],
  [
    'a very long title',
    `Long ${'word '.repeat(1000)}`,
    [],
    'new-post.invalid-field',
    /^error: title: expected at most/m,
  ],
  [
    'a newline in the category',
    'Odd Category',
    ['--category', 'One\nTwo'],
    'new-post.invalid-field',
    /^error: category: /m,
  ],
  [
    'an empty category',
    'Empty Category',
    ['--category', ''],
    'new-post.empty-category',
    /^error: the category is empty/m,
  ],
  [
    'a whitespace-only category',
    'Blank Category',
    ['--category', '  '],
    'new-post.empty-category',
    /^error: the category is empty/m,
  ],
  [
    'a control character in a tag',
    'Odd Tag',
    ['--tags', 'Good, Ba\x1bd'],
    'new-post.invalid-field',
    /^error: tags\[1\]: /m,
  ],
];

for (const [name, title, args, code, reason] of refusals) {
  test(`refuses ${name}: exit 1, ${code}, no file written`, async () => {
    const before = await posts();
    const run = await newPost(title, ...args);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, new RegExp(`\\[${code.replace('.', '\\.')}\\]`));
    assert.match(run.stderr, reason);
    assert.deepEqual(await posts(), before);
    assert.ok(run.ms < timeLimitMs, `took ${run.ms} ms`);
  });
}

/** Titles that break naive YAML, each written by new-post, built, and shown exactly. */
const awkwardTitles = [
  'Quotes: "double" and \'single\'',
  'Key: value # not a comment',
  '- starts like a list item',
  '! starts like a tag',
  '& starts like an anchor',
  '* starts like an alias',
  '[brackets] and {braces}, too',
  'Back\\slash \\n not a newline',
  'Café, naïve, Ünïcödé and 日本語',
  'Emoji 🧪 with a family 👩‍👩‍👧 ZWJ',
  'null',
  '@ and ` and | and > and %',
  `Two hundred ${'x'.repeat(200 - 'Two hundred '.length)}`,
];

test('writes awkward but legal titles that build and show exactly in the h1', async (t) => {
  // The first title goes through the binary, as the first refusal does; the others through the same
  // command in this process, which writes the same file without a process start each.
  const run = await newPost(awkwardTitles[0]!, '--slug', 'awkward-0', '--date', '2024-05-01');
  assert.equal(run.code, 0, run.stderr);
  t.mock.method(console, 'log', () => undefined);
  for (const [index, title] of awkwardTitles.entries()) {
    if (index === 0) continue;
    const args = [
      '--content',
      content,
      '--tags',
      'Testing',
      '--slug',
      `awkward-${index}`,
      '--date',
      '2024-05-01',
      '--',
      title,
    ];
    await createNewPostCommand(realSite.definition).exitOverride().parseAsync(args, { from: 'user' });
  }
  const writer = new MemoryWriter();
  await buildSite({
    root: projectRoot,
    site: realSite,
    contentDir: content,
    cache: projectCache,
    writer,
    env: {},
    now: new Date('2026-11-21T00:00:00Z'),
  });
  for (const [index, title] of awkwardTitles.entries()) {
    const html = writer.text(`blog/awkward-${index}/index.html`);
    assert.ok(html, `awkward-${index} was built`);
    assert.deepEqual(parsePage(html).texts('h1'), [title]);
  }
});

test('derives a short slug from a long title, so the file name stays within limits', async () => {
  const title = `A long title ${'about testing '.repeat(16)}`.trim();
  const run = await newPost(title);
  assert.equal(run.code, 0, run.stderr);
  const created = (await posts()).find((name) => name.startsWith('a-long-title-about-testing'));
  assert.ok(created && created.length <= 80 + '.md'.length, created);
});

test('refuses a slug longer than the schema allows', async () => {
  const before = await posts();
  const run = await newPost('Long Slug', '--slug', 'a'.repeat(101));
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^error: slug: .*\[new-post\.invalid-field\]/m);
  assert.deepEqual(await posts(), before);
});

test('refuses a posts folder that is a link out of the content folder, and writes nothing there', async () => {
  const outside = await mkdtemp(path.join(os.tmpdir(), 'sitegen-outside-posts-'));
  const moved = `${postsFolder()}-moved`;
  await rename(postsFolder(), moved);
  await symlink(outside, postsFolder());
  try {
    const run = await newPost('Written Elsewhere');
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(
        `^ {2}${postsFolder().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} {2}resolves to ${outside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, outside the content folder {2}\\[content\\.outside-content-folder\\]$`,
        'm',
      ),
    );
    assert.deepEqual(await readdir(outside), [], 'nothing is written where the link points');
    assert.ok(run.ms < timeLimitMs, `took ${run.ms} ms`);
  } finally {
    await rm(postsFolder());
    await rename(moved, postsFolder());
    await rm(outside, { recursive: true, force: true });
  }
});
