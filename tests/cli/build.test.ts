// `sitegen build` on copies of the tiny site (tests/sites/tiny): what it writes, what it prints,
// and how a broken post or link fails it without touching the last output. The builds run in
// this process; `--help` and `--version`, which print to standard output, through the real binary.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runCli, runCliHere } from '../helpers/cli.ts';
import { editFile } from '../helpers/content.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { copyTinySite, type SiteCopy } from '../helpers/tiny-copy.ts';
import { parseXml } from '../helpers/xml.ts';

async function withTinySite(run: (site: SiteCopy) => Promise<void>): Promise<void> {
  const site = await copyTinySite();
  try {
    await run(site);
  } finally {
    await site.cleanup();
  }
}

test('every command has --help', async () => {
  for (const command of ['build', 'dev', 'new-post', 'check-links', 'preview']) {
    const run = await runCli([command, '--help']);
    assert.equal(run.code, 0, `${command} --help: ${run.stderr}`);
    assert.match(run.stdout, new RegExp(`Usage: sitegen ${command}`));
  }
});

test('build exits 2 on an unknown option', async () => {
  const run = await runCli(['build', '--no-such-option']);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /unknown option '--no-such-option'/);
});

test('--version and -V print the package version and exit 0', async () => {
  const { version } = JSON.parse(
    await readFile(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'),
  ) as { version: string };
  assert.match(version, /^\d+\.\d+\.\d+/);
  for (const flag of ['--version', '-V']) {
    const run = await runCli([flag]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, `${version}\n`, flag);
    assert.equal(run.stderr, '');
  }
});

test('the tiny site builds through the CLI: its pages, feed, sitemap and redirect, the link check, phase timings and the JavaScript per page', () =>
  withTinySite(async ({ root }) => {
    const run = await runCliHere(['build'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^Built 5 pages and 1 redirects \(\d+ files\) into dist\/ in \d+ ms; rendered 5 of 5 pages\n/,
    );
    assert.match(
      run.stdout,
      /\n {2}load \d+ ms, render \d+ ms, images \d+ ms(, \w+ \d+ ms)*, bundle \d+ ms, write \d+ ms, check \d+ ms; peak memory \d+ MB\n/,
    );
    assert.match(
      run.stdout,
      /\n {2}links: 0 broken links in 0 files, [1-9]\d* checked in \d+ ms\n/,
      'the link check the build ran',
    );
    // The table is grouped by the islands pages hold: the tiny site's five pages hold none.
    assert.match(
      run.stdout,
      /\nJavaScript per page \(bytes, gzip, islands; --verbose lists every page\):\n {5}0\.0 KB {5}0\.0 KB gzip {2}- {2}5 pages, such as \/\n$/,
    );
    const dist = path.join(root, 'dist');
    for (const page of [
      'index.html',
      'posts/hello/index.html',
      'posts/second/index.html',
      '404.html',
      'old-home/index.html',
    ])
      assert.ok((await stat(path.join(dist, page))).isFile(), page);
    assert.match(
      await readFile(path.join(dist, 'posts', 'hello', 'index.html'), 'utf8'),
      /<h1>Hello<\/h1>[\s\S]*The first post\./,
    );
    const feed = parseXml(await readFile(path.join(dist, 'feed.xml'), 'utf8'));
    assert.deepEqual(
      feed.all('item').map((item) => feed.childText(item, 'link')),
      ['https://tiny.example/posts/second/', 'https://tiny.example/posts/hello/'],
    );
    const sitemap = parseXml(await readFile(path.join(dist, 'sitemap.xml'), 'utf8'));
    assert.deepEqual(
      sitemap
        .all('loc')
        .map((loc) => loc.children.map((child) => ('data' in child ? child.data : '')).join(''))
        .sort(),
      ['https://tiny.example/', 'https://tiny.example/posts/hello/', 'https://tiny.example/posts/second/'],
    );
    assert.match(await readFile(path.join(dist, '_redirects'), 'utf8'), /^\/old-home\/? \/ 301/m);
  }));

test('--verbose lists every page in the JavaScript table', () =>
  withTinySite(async ({ root }) => {
    const run = await runCliHere(['--verbose', 'build', '--no-cache'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /\nJavaScript per page \(bytes, gzip, islands\):\n/);
    for (const page of ['/', '/posts/hello', '/posts/second'])
      assert.match(
        run.stdout,
        new RegExp(`\\n {2}${page.replace(/\//g, '\\/')} +0\\.0 KB {5}0\\.0 KB gzip {2}-\\n`),
        page,
      );
  }));

test('a broken post fails the build with file:line and field, exit code 1, and keeps the old output', () =>
  withTinySite(async ({ root, content }) => {
    const out = path.join(path.dirname(root), 'out');
    assert.equal((await runCliHere(['build', '--out', out], { cwd: root })).code, 0);
    const before = (await stat(path.join(out, 'index.html'))).mtimeMs;
    await editFile(path.join(content, 'posts', 'hello.md'), /^tags: .*$/m, 'tags: greeting');
    const run = await runCliHere(['build', '--out', out], { cwd: root });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /^ {2}content\/posts\/hello\.md:4 {2}tags: expected array, got "greeting" {2}\[content\.invalid-field\]$/m,
    );
    assert.match(run.stderr, /\n1 error\n$/);
    assert.equal(run.stdout, '');
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before);
    assert.deepEqual(await entriesBesideOutput(out), ['out', 'tiny'], 'no staging folder is left beside the output');
  }));

test("an error the site's own code throws is reported by the compiled CLI at its place, with its code", () =>
  withTinySite(async ({ root, content }) => {
    const config = path.join(root, 'sitegen.config.ts');
    await editFile(
      config,
      "import { defineSite } from 'sitegen/site';",
      "import { SiteError, defineSite } from 'sitegen/site';",
    );
    const post = JSON.stringify(path.join(content, 'posts', 'hello.md'));
    await editFile(
      config,
      'export default defineSite',
      `function refuse(): never {\n  throw new SiteError({ code: 'content.invalid-field', message: 'refused by the site', file: ${post}, line: 2 });\n}\n\nexport default defineSite`,
    );
    await editFile(config, 'model: (content) => ({', 'model: (content) => (refuse(), {');
    const run = await runCli(['build', '--no-cache'], { cwd: root });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /posts\/hello\.md:2 {2}refused by the site {2}\[content\.invalid-field\]/);
  }));

test('a broken internal link in a post fails the build at its Markdown line and keeps the old output', () =>
  withTinySite(async ({ root, content }) => {
    const out = path.join(path.dirname(root), 'out');
    assert.equal((await runCliHere(['build', '--out', out], { cwd: root })).code, 0);
    const before = (await stat(path.join(out, 'index.html'))).mtimeMs;
    await editFile(
      path.join(content, 'posts', 'hello.md'),
      'It links [back home](/).',
      'It links [back home](/) and to [the second](/posts/secnd/).',
    );
    const run = await runCliHere(['build', '--out', out], { cwd: root });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /a\[href\] "\/posts\/secnd\/" no such page — did you mean \/posts\/second\/\?\n {4}from content\/posts\/hello\.md:7:48 \(markdown\)\n/,
    );
    assert.match(run.stderr, /\[build\.broken-links\]/);
    // The page is named where it would have been published, not in the staging folder the failed build removed.
    assert.ok(run.stderr.includes(`  ${path.join(out, 'posts', 'hello', 'index.html')}:`), run.stderr);
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before);
    assert.equal(
      existsSync(path.join(out, 'posts', 'hello', 'index.html')) &&
        (await readFile(path.join(out, 'posts', 'hello', 'index.html'), 'utf8')).includes('secnd'),
      false,
    );
    assert.deepEqual(await entriesBesideOutput(out), ['out', 'tiny']);
    const skipped = await runCliHere(['build', '--no-check-links', '--out', out], { cwd: root });
    assert.equal(skipped.code, 0, skipped.stderr);
    assert.match(await readFile(path.join(out, 'posts', 'hello', 'index.html'), 'utf8'), /href="\/posts\/secnd\/"/);
  }));
