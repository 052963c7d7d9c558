// Incremental equals clean: after each kind of edit to a copy of the tiny site, a build that
// reuses the cache (pages, Markdown, highlighted code, image variants, the bundle) writes exactly
// what a build without any cache writes, file for file and byte for byte. One build with the
// cache and one without per edit; tests/slow/incremental-exhaustive.ts does the same on the real
// site through the CLI, edits of its templates, islands and the engine included.
import assert from 'node:assert/strict';
import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite, type BuildOptions, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { assertSameFiles, bytesOf, tinySiteCopy } from '../helpers/build-output.ts';
import { editFile } from '../helpers/content.ts';
import { flat } from '../helpers/images.ts';
import { tinySite } from '../helpers/sites.ts';

let root: string;
let content: string;
let cleanup: () => Promise<void>;
let cacheDir: string;
const now = new Date('2026-11-21T00:00:00Z');

before(async () => {
  ({ root, content, cleanup } = await tinySiteCopy());
  cacheDir = path.join(root, 'cache');
  // A raster image shown in a post, so that image variants are made and cached too.
  await writeFile(path.join(content, 'images', 'photo.png'), await flat(640, 400));
  await editFile(
    path.join(content, 'posts', 'second.md'),
    'A second post,',
    'A second post with a photo: ![A flat colour](/images/photo.png)\n\nAnd',
  );
});
after(() => cleanup());

type Build = { result: BuildResult; files: Map<string, Buffer> };

async function build(options: { clean?: boolean } & Partial<BuildOptions> = {}): Promise<Build> {
  const writer = new MemoryWriter();
  const result = await buildSite({
    root,
    site: tinySite,
    contentDir: content,
    now,
    ...options,
    writer,
    cache: new Cache(options.clean ? undefined : cacheDir),
  });
  assert.equal(result.committed, true);
  return { result, files: bytesOf(writer.files) };
}

/** Builds with the cache and without any: both must write the same files. Returns the build with the cache. */
async function assertIncrementalIsClean(what: string, options: Partial<BuildOptions> = {}): Promise<BuildResult> {
  const incremental = await build(options);
  const clean = await build({ ...options, clean: true });
  assertSameFiles(incremental.files, clean.files, what);
  return incremental.result;
}

const post = (name: string) => path.join(content, 'posts', name);

test('a first build with an empty cache writes what a build without one writes, and renders every page', async () => {
  const first = await assertIncrementalIsClean('a first build');
  assert.equal(first.renderedPages, first.pages.length);
  assert.equal(
    first.images.encoded,
    6,
    "the photo's variants were encoded: 400 and 640 px wide, in AVIF, WebP and PNG",
  );
});

test('nothing changed: no page rendered, no image encoded', async () => {
  const unchanged = await assertIncrementalIsClean('nothing changed');
  assert.equal(unchanged.renderedPages, 0);
  assert.equal(unchanged.images.encoded, 0);
});

test("a post's prose: its page alone renders again", async () => {
  await editFile(post('hello.md'), 'The first post.', 'The first post, a sentence longer.');
  assert.equal((await assertIncrementalIsClean("a post's prose")).renderedPages, 1);
});

test("a post's code block", async () => {
  await editFile(post('hello.md'), 'const answer = 42;', 'const answer: number = 43;');
  assert.equal((await assertIncrementalIsClean('a code block')).renderedPages, 1);
});

test("a post's front matter: its date moves it in the list, the sitemap and the feed", async () => {
  await editFile(post('hello.md'), 'date: 2024-01-02', 'date: 2024-03-04');
  const result = await assertIncrementalIsClean("a post's date");
  assert.ok(result.renderedPages >= 2);
  await editFile(post('hello.md'), 'title: Hello', 'title: Hello again');
  await assertIncrementalIsClean("a post's title");
});

test('a dataset', async () => {
  await editFile(path.join(content, 'data', 'site.json'), '"title": "Tiny"', '"title": "Tiny, edited"');
  const result = await assertIncrementalIsClean('a dataset');
  assert.equal(result.renderedPages, result.pages.length, "every page shows the site's title");
});

test("the site's code (another code hash, as an edited template gives): every page renders again", async () => {
  const edited = { ...tinySite, codeHash: `${tinySite.codeHash} edited` };
  const writer = new MemoryWriter();
  const incremental = await buildSite({
    root,
    site: edited,
    contentDir: content,
    now,
    writer,
    cache: new Cache(cacheDir),
  });
  assert.equal(incremental.renderedPages, incremental.pages.length);
  assertSameFiles(bytesOf(writer.files), (await build({ clean: true })).files, "the site's code");
});

test('the stylesheet: a new bundle, named in every page', async () => {
  await appendFile(path.join(root, 'templates', 'styles.css'), '\n.edited { color: #123456; }\n');
  const result = await assertIncrementalIsClean('the stylesheet');
  assert.equal(result.renderedPages, result.pages.length);
});

test('a raster image replaced by one of another size', async () => {
  const image = path.join(content, 'images', 'photo.png');
  const before = await readFile(image);
  await writeFile(image, await flat(500, 500));
  const result = await assertIncrementalIsClean('a raster image');
  assert.equal(result.images.processed, 1);
  assert.ok(!before.equals(await readFile(image)));
});

test('an SVG image edited', async () => {
  await editFile(path.join(content, 'images', 'square.svg'), /width="\d+"/, 'width="33"');
  await assertIncrementalIsClean('an SVG image');
});

test('a post added, then deleted', async () => {
  await writeFile(post('third.md'), '---\ntitle: Third\ndate: 2024-05-06\n---\n\nA third post, [linking home](/).\n');
  const added = await assertIncrementalIsClean('a post added');
  assert.ok(added.pages.some((page) => page.route.path === '/posts/third'));
  await rm(post('third.md'));
  const deleted = await assertIncrementalIsClean('a post deleted');
  assert.ok(!deleted.pages.some((page) => page.route.path === '/posts/third'));
});

test('a draft, and a post dated after now, with and without --drafts and --future', async () => {
  await writeFile(post('draft.md'), '---\ntitle: A draft\ndate: 2024-06-01\ndraft: true\n---\n\nNot yet.\n');
  await writeFile(post('later.md'), '---\ntitle: Later\ndate: 2027-01-01\n---\n\nNot yet either.\n');
  const published = await assertIncrementalIsClean('a draft and a future post left out');
  assert.ok(!published.pages.some((page) => page.route.path === '/posts/draft' || page.route.path === '/posts/later'));
  const drafts = await assertIncrementalIsClean('with drafts and future posts', { drafts: true, future: true });
  assert.ok(
    drafts.pages.some((page) => page.route.path === '/posts/draft') &&
      drafts.pages.some((page) => page.route.path === '/posts/later'),
  );
  await assertIncrementalIsClean('once now has passed the future post', { now: new Date('2027-02-01T00:00:00Z') });
  await assertIncrementalIsClean('back to the first state');
});
