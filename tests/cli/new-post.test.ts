import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runCliHere } from '../helpers/cli.ts';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { renderEntry } from '../../cli/load/front-matter.ts';
import { checkRoundTrip, prepareNewEntry, today } from '../../cli/validate/new-entry.ts';
import { SiteError } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { postArchetype } from '../../templates/site/archetypes.ts';
import { postFrontMatterSchema } from '../../templates/site/schemas/schemas.ts';
import { validateSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// `sitegen new-post` with the marketing site's archetype (templates/site/archetypes.ts), run in
// this process in throwaway copies of the site's content (and through the real binary on a
// terminal); the site is built once, by the first test.

/** The site's posts folder under a content folder. */
const postsOf = (content: string) => path.join(content, realSite.definition.content.collections.posts!.folder);

async function withContent(run: (content: string, dir: string) => Promise<void>): Promise<void> {
  const { dir, content, cleanup } = await copyContent();
  try {
    await run(content, dir);
  } finally {
    await cleanup();
  }
}

test('creates a post with complete front matter, prints its file and URL, and the post builds at once; a draft is left out unless --drafts', () =>
  withContent(async (content, dir) => {
    const run = await runCliHere(
      [
        'new-post',
        'Flaky Tests: Finding the Root Cause',
        '--content',
        content,
        '--category',
        'Tools',
        '--tags',
        'Testing, Flaky Tests',
        '--excerpt',
        'Why tests flake and how to fix them.',
        '--date',
        '2024-04-01',
      ],
      { cwd: projectRoot },
    );
    assert.equal(run.code, 0, run.stderr);
    const file = path.join(postsOf(content), 'flaky-tests-finding-the-root-cause.md');
    assert.match(run.stdout, /Created .*content\/posts\/flaky-tests-finding-the-root-cause\.md/);
    assert.match(run.stdout, /URL: https:\/\/www\.checkpointqa\.com\/blog\/flaky-tests-finding-the-root-cause\/$/m);
    const text = await readFile(file, 'utf8');
    assert.match(
      text,
      /^---\ntitle: "Flaky Tests: Finding the Root Cause"\nslug: flaky-tests-finding-the-root-cause\nexcerpt: "Why tests flake and how to fix them."\ndate: 2024-04-01\n/,
    );
    assert.match(text, /category: "Tools"\ntags: \["Testing", "Flaky Tests"\]\n---/);
    assert.match(text, /\n## .+\n[\s\S]*\n## .+\n[\s\S]*```ts\n/);
    assert.equal(run.stderr, '', 'an existing category gives no warning');

    const draft = await runCliHere(
      ['new-post', 'Draft Thoughts', '--draft', '--date', '2024-04-02', '--content', content],
      { cwd: projectRoot },
    );
    assert.equal(draft.code, 0, draft.stderr);
    assert.match(
      draft.stdout,
      /URL: .*\/blog\/draft-thoughts\/ \(draft: shown by dev, left out of build unless --drafts\)$/m,
    );
    assert.match(await readFile(path.join(postsOf(content), 'draft-thoughts.md'), 'utf8'), /\ndraft: true\n/);

    const build = await runCliHere(['build', '--content', content, '--out', path.join(dir, 'out')], {
      cwd: projectRoot,
    });
    assert.equal(build.code, 0, build.stderr);
    const html = await readFile(
      path.join(dir, 'out', 'blog', 'flaky-tests-finding-the-root-cause', 'index.html'),
      'utf8',
    );
    assert.match(html, /<h1>Flaky Tests: Finding the Root Cause<\/h1>/);
    await assert.rejects(
      readFile(path.join(dir, 'out', 'blog', 'draft-thoughts', 'index.html')),
      'the build leaves the draft out',
    );
    // With --drafts the site routes the draft: the site's model and routes, as `build --drafts` takes them.
    const raw = await loadContent(content, realSite.definition.content);
    const paths = (drafts: boolean) =>
      realSite.definition.routes(validateSiteModel(raw, { drafts })).map((route) => route.path);
    assert.ok(paths(true).includes('/blog/draft-thoughts'), 'routed with --drafts');
    assert.ok(!paths(false).includes('/blog/draft-thoughts'), 'not routed without it');
  }));

test('without a terminal it uses the defaults and does not wait for input', () =>
  withContent(async (content) => {
    const run = await runCliHere(['new-post', 'Defaults Only', '--content', content], { cwd: projectRoot });
    assert.equal(run.code, 0, run.stderr);
    const text = await readFile(path.join(postsOf(content), 'defaults-only.md'), 'utf8');
    assert.match(text, new RegExp(`date: ${today()}`));
    assert.match(text, /category: "\S[^"]*"/);
    assert.match(text, /tags: \["[^"]+"\]/);
    assert.doesNotMatch(text, /readTime/, 'read time is computed at build time');
  }));

test('without a title and without a terminal it is a usage error: exit 2, and nothing is written', () =>
  withContent(async (content) => {
    const before = await readdir(postsOf(content));
    const run = await runCliHere(['new-post', '--content', content, '--category', 'Tools'], { cwd: projectRoot });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^error: missing required argument 'title'/);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
    assert.equal(run.stdout, '');
    assert.deepEqual(await readdir(postsOf(content)), before);
  }));

test('refuses a slug that already exists and leaves the existing file untouched', () =>
  withContent(async (content) => {
    const file = path.join(postsOf(content), 'ai-powered-bug-reports.md');
    const before = await readFile(file, 'utf8');
    const run = await runCliHere(['new-post', 'AI-Powered Bug Reports', '--content', content], { cwd: projectRoot });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /ai-powered-bug-reports\.md.*already used.*\[new-post\.slug-taken\]/);
    assert.equal(await readFile(file, 'utf8'), before);
  }));

test('refuses a file that already exists even when its slug differs', () =>
  withContent(async (content) => {
    const file = path.join(postsOf(content), 'notes.md');
    const notes = '---\nslug: my-own-notes\n---\nhand-written notes';
    await writeFile(file, notes);
    const run = await runCliHere(['new-post', 'Notes', '--content', content], { cwd: projectRoot });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /^ {2}\S*content\/posts\/notes\.md {2}this file already exists and was left untouched {2}\[new-post\.file-exists\]$/m,
    );
    assert.equal(await readFile(file, 'utf8'), notes);
    // A file without a slug of its own has its name's: the slug is taken.
    await writeFile(file, 'hand-written notes');
    const plain = await runCliHere(['new-post', 'Notes', '--content', content], { cwd: projectRoot });
    assert.equal(plain.code, 1);
    assert.match(
      plain.stderr,
      /^ {2}\S*content\/posts\/notes\.md {2}slug "notes" is already used by this post.*\[new-post\.slug-taken\]$/m,
    );
    assert.equal(await readFile(file, 'utf8'), 'hand-written notes');
  }));

test('refuses an empty title and a slug that is not lowercase words joined by hyphens', () =>
  withContent(async (content) => {
    const before = await readdir(postsOf(content));
    const empty = await runCliHere(['new-post', '  ', '--content', content], { cwd: projectRoot });
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /new-post\.empty-title/);
    const bad = await runCliHere(['new-post', 'Good Title', '--slug', 'Bad_Slug', '--content', content], {
      cwd: projectRoot,
    });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /new-post\.bad-slug/);
    assert.deepEqual(await readdir(postsOf(content)), before);
  }));

test('warns when the category is new', () =>
  withContent(async (content) => {
    const run = await runCliHere(['new-post', 'A New Topic', '--category', 'Security', '--content', content], {
      cwd: projectRoot,
    });
    assert.equal(run.code, 0);
    assert.match(run.stderr, /warning: "Security" is a new category/);
  }));

test('asks for missing fields on a terminal (driven through a pseudo-terminal)', () =>
  withContent(async (content) => {
    // util-linux `script` gives the CLI a real terminal; answers are typed as the prompts appear.
    const command = `${process.execPath} ${path.join(projectRoot, 'cli', 'bin.js')} new-post --content ${content}`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd: projectRoot });
    let output = '';
    const answers: [RegExp, string][] = [
      [/Title: $/, 'Prompted Post Title'],
      [/Category \(number or a new name\).*: $/, '2'],
      [/Tags, comma-separated.*: $/, 'Playwright, AI'],
    ];
    child.stdout.on('data', (chunk: Buffer) => {
      // readline redraws the prompt with cursor escapes; match on the plain text.
      output += chunk.toString().replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
      const next = answers[0];
      if (next && next[0].test(output)) {
        answers.shift();
        child.stdin.write(`${next[1]}\r`);
      }
    });
    const timer = setTimeout(() => child.kill(), 20_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    assert.equal(code, 0, output);
    const text = await readFile(path.join(postsOf(content), 'prompted-post-title.md'), 'utf8');
    assert.match(text, /title: "Prompted Post Title"/);
    assert.match(text, /tags: \["Playwright", "AI"\]/);
    assert.match(output, /1\. \S/);
    assert.match(output, /existing tags: /);
  }));

const file = '/content/posts/hello.md';
const frontMatter = postArchetype.frontMatter({
  title: 'Hello # there: "world"',
  slug: 'hello',
  category: 'Tools',
  tags: ['A: b', '#c'],
  excerpt: '- starts with a dash',
  date: '2024-04-01',
  draft: false,
});

test('the file it prepares reads back through the loader with exactly the values given', () => {
  const text = prepareNewEntry(frontMatter, postArchetype.body, postFrontMatterSchema, file);
  assert.equal(text, renderEntry(frontMatter, postArchetype.body));
  assert.match(text, /^---\ntitle: "Hello # there: \\"world\\""\nslug: hello\n/);
  checkRoundTrip(text, frontMatter, postFrontMatterSchema, file);
});

test('refuses front matter that the loader would read differently (a comment cut from a title, broken YAML)', () => {
  const rendered = renderEntry(frontMatter, postArchetype.body);
  const naive = rendered.replace(/^title: .*$/m, `title: ${String(frontMatter.title)}`);
  for (const text of [naive, rendered.replace(/^tags: .*$/m, 'tags: [A: b, #c]')]) {
    assert.throws(
      () => checkRoundTrip(text, frontMatter, postFrontMatterSchema, file),
      (error) => {
        assert.ok(error instanceof SiteError);
        assert.equal(error.code, 'new-post.round-trip');
        return true;
      },
    );
  }
});
