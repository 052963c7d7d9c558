// Images in a whole build of the tiny site: variants made once and then taken from the cache,
// and bad images (damaged, missing, without alt text) stopping the build at the file and line
// to fix, the previous output left as it was.
import assert from 'node:assert/strict';
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter, MemoryWriter, type Writer } from '../../cli/write/writers.ts';
import { outputDigest, tinyContentCopy } from '../helpers/build-output.ts';
import { runCliHere } from '../helpers/cli.ts';
import { editFile } from '../helpers/content.ts';
import { flat, photo, truncated } from '../helpers/images.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let out: string;
let cacheDir: string;

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
  out = path.join(dir, 'dist');
  cacheDir = path.join(dir, 'cache');
  await writeFile(path.join(content, 'images', 'photo.png'), await flat(900, 500));
});
after(() => cleanup());

const build = (writer: Writer = new DiskWriter(out)) =>
  buildSite({
    root: tinyRoot,
    site: tinySite,
    contentDir: content,
    writer,
    checkLinks: false,
    cache: new Cache(cacheDir),
  });

test('a first build encodes every variant of a raster image; a second build of the unchanged site processes none', async () => {
  const first = await build();
  assert.deepEqual(first.images, { images: 1, processed: 1, encoded: 6 }, '400 and 900 px wide, in AVIF, WebP and PNG');
  const again = await build(new MemoryWriter());
  assert.deepEqual(again.images, { images: 1, processed: 0, encoded: 0 });
});

test('a damaged image stops the build at its file; the previous output stays and no part of it is left in the cache', async () => {
  await build();
  const before = await outputDigest(out);
  await writeFile(path.join(content, 'images', 'cut-short.jpg'), truncated(await photo(900, 600), 0.5));
  try {
    await assert.rejects(build(), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.relative(content, e.file!)]),
        [['image.corrupt', 'images/cut-short.jpg']],
      );
      assert.ok(error.errors[0]!.hint);
      return true;
    });
    assert.equal(await outputDigest(out), before, 'the previous output, byte for byte');
    const cached = await readdir(path.join(cacheDir, 'images'), { recursive: true });
    assert.deepEqual(
      cached.filter((name) => name.endsWith('.tmp')),
      [],
      'no temporary file left in the cache',
    );
    assert.deepEqual(await entriesBesideOutput(out), ['cache', 'content', 'dist'], 'no staging folder is left behind');
  } finally {
    await rm(path.join(content, 'images', 'cut-short.jpg'));
  }
});

test('a Markdown image the site does not have stops the build at its line, suggesting the image meant', async () => {
  await build();
  const before = await outputDigest(out);
  await editFile(path.join(content, 'posts', 'second.md'), '/images/square.svg', '/images/squar.svg');
  try {
    await assert.rejects(build(), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line, e.column]),
        [['content.missing-image', 'posts/second.md', 6, 31]],
      );
      assert.match(error.errors[0]!.hint!, /did you mean \/images\/square\.svg\?/);
      return true;
    });
    assert.equal(await outputDigest(out), before);
    assert.deepEqual(await entriesBesideOutput(out), ['cache', 'content', 'dist'], 'no staging folder is left behind');
  } finally {
    await editFile(path.join(content, 'posts', 'second.md'), '/images/squar.svg', '/images/square.svg');
  }
});

test('a Markdown image without alt text stops the build at its line and column', async () => {
  await editFile(path.join(content, 'posts', 'second.md'), '![A small square]', '![]');
  try {
    await assert.rejects(build(), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line, e.column]),
        [['image.missing-alt', 'posts/second.md', 6, 31]],
      );
      return true;
    });
    // The CLI prints it at file:line:column with a hint, and exits 1.
    const run = await runCliHere(
      ['build', '--content', content, '--out', path.join(dir, 'cli-out'), '--no-check-links', '--no-cache'],
      { cwd: tinyRoot },
    );
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /second\.md:6:31 +Image "\/images\/square\.svg" has no alt text +\[image\.missing-alt\]/);
    assert.match(run.stderr, /hint: .*"decorative"/);
  } finally {
    await editFile(path.join(content, 'posts', 'second.md'), '![]', '![A small square]');
  }
});
