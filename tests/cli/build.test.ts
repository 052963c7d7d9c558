import assert from 'node:assert/strict';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { copyContent, editFile } from '../helpers/content.ts';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { replacePostsWithSynthetic } from '../helpers/synthetic-posts.ts';

test('every command has --help', async () => {
  for (const command of ['build', 'dev', 'new-post', 'check-links']) {
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

test('build writes the site and prints pages, phase timings and the JavaScript per page', async () => {
  const { dir, cleanup } = await copyContent();
  try {
    const run = await runCli(['build', '--out', path.join(dir, 'out'), '--site-url', 'https://preview.example.test']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Built 29 pages and 2 redirects/);
    assert.match(run.stdout, /load \d+ ms, render \d+ ms, images \d+ ms(, \w+ \d+ ms)*, bundle \d+ ms, write \d+ ms, check \d+ ms/);
    assert.match(run.stdout, /\n {2}links: 0 broken links in 0 files, \d+ checked in \d+ ms\n/, 'the link check the build ran');
    assert.match(run.stdout, /\/terms\s+\d+\.\d KB\s+\d+\.\d KB gzip\s+-/);
    assert.ok((await stat(path.join(dir, 'out', 'index.html'))).isFile());
  } finally {
    await cleanup();
  }
});

test('a broken post fails the build with file:line and field, exit code 1, and keeps the old output', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'out');
  try {
    assert.equal((await runCli(['build', '--content', content, '--out', out])).code, 0);
    const before = (await stat(path.join(out, 'index.html'))).mtimeMs;
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), /^tags: .*$/m, 'tags: AI');
    const run = await runCli(['build', '--content', content, '--out', out]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /ai-powered-bug-reports\.md:10 {2}tags: expected a list of strings, got "AI"/);
    assert.match(run.stderr, /1 error/);
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before);
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'out']);
  } finally {
    await cleanup();
  }
});

test('a broken internal link in a post fails the build at its Markdown line and keeps the old output', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'out');
  try {
    assert.equal((await runCli(['build', '--content', content, '--out', out])).code, 0);
    const before = (await stat(path.join(out, 'index.html'))).mtimeMs;
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), /^## /m, 'See [our dev shop page](/services/dev-shop).\n\n## ');
    const run = await runCli(['build', '--content', content, '--out', out]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /content\/posts\/ai-powered-bug-reports\.md:\d+/);
    assert.match(run.stderr, /did you mean \/services\/devshops\?/);
    assert.match(run.stderr, /build\.broken-links/);
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, before);
    const skipped = await runCli(['build', '--no-check-links', '--content', content, '--out', out]);
    assert.equal(skipped.code, 0, skipped.stderr);
  } finally {
    await cleanup();
  }
});

test('a build of 220 posts renders their Markdown in worker threads and writes every page', async () => {
  const { dir, content, cleanup } = await copyContent();
  try {
    await replacePostsWithSynthetic(content, 220);
    const out = path.join(dir, 'out');
    const run = await runCli(['build', '--content', content, '--out', out, '--no-cache']);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Built 243 pages and 2 redirects/);
    assert.match(run.stdout, /links: 0 broken links/);
    const html = await readFile(path.join(out, 'blog', 'synthetic-post-219', 'index.html'), 'utf8');
    assert.match(html, /<h1>Synthetic post 219: testing at scale<\/h1>/);
    assert.match(html, /<h2 id="setting-up-suite-219">/);
    assert.match(html, /data-language="json"[^>]*>[\s\S]*user219@example\.test/);
    // The workers run a bundle of the pipeline (with its patches); a post and a guide with a
    // markdown block come out exactly as this process renders them.
    for (const [file, page] of [['posts/synthetic-post-7.md', 'blog/synthetic-post-7'], ['guides/cursor-usage.md', 'guides/content/cursor-usage']]) {
      const { body, bodyLine } = splitMarkdown(await readFile(path.join(content, file), 'utf8'));
      const expected = (await renderMarkdown(body, bodyLine)).html;
      assert.ok((await readFile(path.join(out, page, 'index.html'), 'utf8')).includes(expected), `${file} as rendered in this process`);
    }
  } finally {
    await cleanup();
  }
});
