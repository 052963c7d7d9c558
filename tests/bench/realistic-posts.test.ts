// The benchmark corpus: deterministic, shaped like the peer benchmark's posts (the same files when
// its generator is at hand), and valid for the site: a real build takes 20 of them.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { projectCache } from '../helpers/sites.ts';
import { realSite } from '../helpers/real-site.ts';
import {
  adaptToSite,
  postImages,
  realisticPosts,
  replacePostsWithRealistic,
  sharedCorpusPosts,
} from '../helpers/realistic-posts.ts';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { postFrontMatterSchema } from '../../templates/site/schemas/schemas.ts';
import { peerBenchDir } from './peer-bench.ts';

const body = (text: string) => text.slice(text.indexOf('\n---\n', 4) + 5);
const fences = (text: string) =>
  [...body(text).matchAll(/^```(\w+)\n([\s\S]*?)\n```$/gm)].map((m) => ({
    language: m[1]!,
    lines: m[2]!.split('\n').length,
    code: m[2]!,
  }));
const prose = (text: string) =>
  body(text)
    .replace(/^```\w*\n[\s\S]*?\n```$/gm, '')
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join(' ');
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

test('the same count and seed give byte-identical posts; another seed gives other posts', () => {
  const first = sharedCorpusPosts(60);
  assert.deepEqual(sharedCorpusPosts(60), first);
  const other = sharedCorpusPosts(60, 7);
  assert.notEqual(other[0]!.text, first[0]!.text);
  assert.equal(new Set(first.map((post) => post.slug)).size, 60, 'slugs are unique');
  assert.deepEqual(
    first.map((post) => post.index),
    Array.from({ length: 60 }, (_, i) => i + 1),
  );
});

test('every post has 600-900 words of prose, headings, lists, a quote, three links to other posts and its own two code blocks', async () => {
  const { content, cleanup } = await copyContent();
  try {
    const posts = await realisticPosts(content, 80);
    const slugs = new Set(posts.map((post) => post.slug));
    const codeBlocks = new Set<string>();
    let inlineCode = 0;
    for (const post of posts) {
      const text = body(post.text);
      const count = words(prose(post.text));
      assert.ok(count >= 600 && count <= 900, `${post.fileName}: ${count} words of prose`);
      assert.match(text, /^## /m);
      assert.match(text, /^### /m);
      assert.match(text, /^- \*\*/m, 'a bulleted list');
      assert.match(text, /^1\. /m, 'a numbered list');
      assert.match(text, /^> .+\n>\n> — /m, 'a quote');
      if (/[^`]`[^`\n]+`/.test(prose(post.text))) inlineCode++;
      const links = [...text.matchAll(/\]\(\/blog\/([a-z0-9-]+)\/\)/g)].map((m) => m[1]!);
      assert.equal(links.length, 3, `${post.fileName}: three links`);
      for (const slug of links)
        assert.ok(slugs.has(slug) && slug !== post.slug, `${post.fileName} links to another post, got ${slug}`);
      // 23 lines of TypeScript; 9 of bash, one of them blank.
      const blocks = fences(post.text);
      assert.deepEqual(
        blocks.map((block) => [block.language, block.lines]),
        [
          ['typescript', 23],
          ['bash', 9],
        ],
        post.fileName,
      );
      for (const block of blocks) codeBlocks.add(block.code);
    }
    assert.equal(codeBlocks.size, 160, 'no two code blocks alike');
    assert.ok(inlineCode > 60, `most posts have inline code (${inlineCode} of 80)`);
  } finally {
    await cleanup();
  }
});

test('front matter follows the site schema: image is one of the site post images in turn, imageAlt set', async () => {
  const { content, cleanup } = await copyContent();
  try {
    const images = await postImages(content);
    assert.ok(images.length > 1);
    const posts = await realisticPosts(content, images.length + 2);
    for (const post of posts) {
      const front = postFrontMatterSchema.parse(splitMarkdown(post.text).frontMatter);
      assert.equal(front.slug, post.slug);
      assert.equal(front.image, `/images/posts/${images[(post.index - 1) % images.length]}`);
      assert.equal(front.imageAlt, 'Illustration of the post');
      assert.ok(existsSync(path.join(content, front.image)), `${front.image} exists`);
    }
  } finally {
    await cleanup();
  }
});

test('bad arguments are refused', () => {
  for (const count of [0, -1, 1.5, Number.NaN])
    assert.throws(() => sharedCorpusPosts(count), RangeError, String(count));
  assert.throws(() => sharedCorpusPosts(3, 0.5), RangeError);
  assert.throws(() => adaptToSite(sharedCorpusPosts(1)[0]!, []), RangeError);
});

const generator = path.join(peerBenchDir(), 'gen-corpus.mjs');
test(
  'the posts are the peer benchmark corpus, byte for byte (when the peer benchmark is at hand)',
  { skip: existsSync(generator) ? false : `no ${generator}` },
  async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-corpus-'));
    try {
      for (const count of [1, 37]) {
        const out = path.join(dir, String(count));
        const run = spawnSync(process.execPath, [generator, String(count), out], { encoding: 'utf8' });
        assert.equal(run.status, 0, run.stderr);
        const posts = sharedCorpusPosts(count);
        assert.deepEqual((await readdir(out)).sort(), posts.map((post) => post.fileName).sort());
        for (const post of posts)
          assert.equal(await readFile(path.join(out, post.fileName), 'utf8'), post.text, post.fileName);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test('8 realistic posts build, link check on: every post page, its highlighted code and its links', async () => {
  const { dir, content, cleanup } = await copyContent();
  try {
    const posts = await replacePostsWithRealistic(content, 8);
    assert.deepEqual(
      (await readdir(path.join(content, 'posts'))).sort(),
      posts.map((post) => post.fileName).sort(),
      'the old posts are gone',
    );
    const out = path.join(dir, 'out');
    // The build `sitegen build` runs, in this process, with the images and cards other builds of the site made.
    const result = await buildSite({
      root: projectRoot,
      site: realSite,
      contentDir: content,
      writer: new DiskWriter(out),
      cache: projectCache,
    });
    assert.equal(result.committed, true);
    assert.deepEqual(
      result.links?.findings.filter((finding) => finding.severity === 'error'),
      [],
      'no broken link',
    );
    assert.ok(result.links!.checked > 0);
    for (const post of posts) {
      const html = await readFile(path.join(out, 'blog', post.slug, 'index.html'), 'utf8');
      const { title } = postFrontMatterSchema.parse(splitMarkdown(post.text).frontMatter);
      assert.ok(html.includes(`<h1>${title}</h1>`), `${post.slug}: its title`);
      assert.match(html, /data-language="typescript"/);
      assert.match(html, /data-language="bash"/);
      const linked = [...body(post.text).matchAll(/\]\((\/blog\/[a-z0-9-]+\/)\)/g)].map((m) => m[1]!);
      for (const href of linked) assert.ok(html.includes(`href="${href}"`), `${post.slug} links to ${href}`);
    }
  } finally {
    await cleanup();
  }
});
