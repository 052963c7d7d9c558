import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { Cache } from '../../cli/cache/cache.ts';
import { RunMemory } from '../../cli/cache/run-memory.ts';
import type { ShareCardSpec } from '../../cli/config/share-card-spec.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { drawSharePictures } from '../../cli/share-card/draw-share-pictures.ts';
import type { ShareJob } from '../../cli/share-card/share-images.ts';
import { tinyCard, tinyCardAssets } from '../helpers/tiny-card.ts';

// The pictures of a share plan, drawn with the tiny card (tests/helpers/tiny-card.ts) or taken
// from the cache's `cards` folder.

const model = { site: { title: 'Tiny', url: 'https://tiny.example' }, posts: [] };
let tmp: string;
let content: string;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-cards-'));
  content = path.join(tmp, 'content');
  await mkdir(path.join(content, 'images'), { recursive: true });
});
after(() => rm(tmp, { recursive: true, force: true }));

const jobs: ShareJob[] = [
  { file: 'social/index.png', draw: 'card', card: { title: 'Tiny' }, route: '/', source: 'content/data/site.json' },
  {
    file: 'social/posts/hello.png',
    draw: 'card',
    card: { title: 'Hello' },
    route: '/posts/hello',
    source: 'content/posts/hello.md',
  },
  { file: 'social/logo.png', draw: 'logo' },
];

/** Every file of a cache's `cards` folder, relative to it. */
async function stored(cache: Cache): Promise<string[]> {
  const folder = path.join(cache.folder!, 'cards');
  return (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function draw(cache: Cache, list = jobs, memory?: RunMemory<Buffer>) {
  const files = new Map<string, Uint8Array>();
  let assetsRead = 0;
  const spec = tinyCard() as unknown as ShareCardSpec<never, never>;
  const assetsOf = () => {
    assetsRead += 1;
    return tinyCardAssets(model);
  };
  const stats = await drawSharePictures(
    list,
    spec,
    assetsOf,
    { imagesDir: path.join(content, 'images'), contentDir: content, cache, memory },
    { write: (file, bytes) => files.set(file, bytes) },
  );
  return { stats, files, assetsRead };
}

test('draws every picture once, then serves the next build from the cache folder without drawing', async () => {
  const cache = new Cache(path.join(tmp, 'warm'));
  const first = await draw(cache);
  assert.deepEqual(first.stats, { drawn: 3, cached: 0, warnings: [] });
  assert.equal(first.assetsRead, 1, 'the assets are read once, before any card');
  const second = await draw(new Cache(cache.folder));
  assert.deepEqual(second.stats, { drawn: 0, cached: 3, warnings: [] });
  assert.deepEqual([...second.files.keys()].sort(), ['social/index.png', 'social/logo.png', 'social/posts/hello.png']);
  for (const [file, bytes] of first.files)
    assert.ok(Buffer.from(bytes).equals(Buffer.from(second.files.get(file)!)), file);
  const entries = await stored(cache);
  assert.equal(entries.length, 3);
  assert.ok(
    entries.every((name) => /^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(name)),
    `no temporary file is left behind: ${entries.join(', ')}`,
  );
});

test('a changed title is drawn again; the unchanged cards still come from the cache', async () => {
  const cache = new Cache(path.join(tmp, 'changed'));
  await draw(cache);
  const edited: ShareJob[] = [
    jobs[0]!,
    {
      file: 'social/posts/hello.png',
      draw: 'card',
      card: { title: 'Hello, revised' },
      route: '/posts/hello',
      source: 'content/posts/hello.md',
    },
    jobs[2]!,
  ];
  assert.deepEqual((await draw(cache, edited)).stats, { drawn: 1, cached: 2, warnings: [] });
});

test('without a cache (--no-cache), every picture is drawn each time and nothing is kept', async () => {
  const off = new Cache(undefined);
  assert.deepEqual((await draw(off)).stats, { drawn: 3, cached: 0, warnings: [] });
  assert.deepEqual((await draw(off)).stats, { drawn: 3, cached: 0, warnings: [] });
});

test('pictures kept in memory (dev) are taken from there: the next run draws none, even with no cache, and the same bytes', async () => {
  const off = new Cache(undefined);
  const memory = new RunMemory<Buffer>();
  const first = await draw(off, jobs, memory);
  memory.endRun();
  assert.deepEqual(first.stats, { drawn: 3, cached: 0, warnings: [] });
  const second = await draw(off, jobs, memory);
  memory.endRun();
  assert.deepEqual(second.stats, { drawn: 0, cached: 3, warnings: [] });
  for (const [file, bytes] of first.files)
    assert.ok(Buffer.from(bytes).equals(Buffer.from(second.files.get(file)!)), file);
  // A changed title is drawn; the memory then holds what that run used, not the card it replaced.
  const edited: ShareJob[] = [
    jobs[0]!,
    {
      file: 'social/posts/hello.png',
      draw: 'card',
      card: { title: 'Hello, revised' },
      route: '/posts/hello',
      source: 'content/posts/hello.md',
    },
    jobs[2]!,
  ];
  assert.deepEqual((await draw(off, edited, memory)).stats, { drawn: 1, cached: 2, warnings: [] });
  memory.endRun();
  assert.deepEqual((await draw(off, jobs, memory)).stats, { drawn: 1, cached: 2, warnings: [] });
});

test('a damaged cached picture is drawn again, not published', async () => {
  const cache = new Cache(path.join(tmp, 'damaged'));
  const first = await draw(cache, jobs.slice(0, 1));
  const [entry] = await stored(cache);
  await writeFile(path.join(cache.folder!, 'cards', entry!), 'not a picture');
  const again = await draw(cache, jobs.slice(0, 1));
  assert.deepEqual(again.stats, { drawn: 1, cached: 0, warnings: [] });
  assert.ok(
    Buffer.from(again.files.get('social/index.png')!).equals(Buffer.from(first.files.get('social/index.png')!)),
  );
});

test('a picture of the cache that no build used for 30 days is removed; a recent one is kept', async () => {
  const cache = new Cache(path.join(tmp, 'prune'));
  await draw(cache, jobs.slice(0, 2));
  const [old, recent] = (await stored(cache)).map((name) => path.join(cache.folder!, 'cards', name));
  const thirtyOneDaysAgo = new Date(Date.now() - 31 * 24 * 3600 * 1000);
  await utimes(old!, thirtyOneDaysAgo, thirtyOneDaysAgo);
  cache.prune();
  const left = (await stored(cache)).filter((name) => name !== '.pruned');
  assert.equal(left.length, 1);
  assert.equal(path.join(cache.folder!, 'cards', left[0]!), recent);
});

test("a bad socialImage fails the run with every bad picture's located error", async () => {
  await writeFile(
    path.join(content, 'images', 'small.png'),
    await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  const bad: ShareJob[] = [
    {
      file: 'social/blog/a.png',
      draw: 'social-image',
      image: { url: '/images/small.png', socialImageAlt: 'x', file: 'content/posts/a.md', line: 8 },
    },
    {
      file: 'social/blog/b.png',
      draw: 'social-image',
      image: { url: '/images/missing.png', socialImageAlt: 'x', file: 'content/posts/b.md', line: 9 },
    },
  ];
  const run = draw(new Cache(path.join(tmp, 'bad')), bad);
  await assert.rejects(run, (error: unknown) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(error.errors.map((e) => [e.code, e.file, e.line]).sort(), [
      ['content.bad-social-image', 'content/posts/a.md', 8],
      ['content.missing-image', 'content/posts/b.md', 9],
    ]);
    return true;
  });
});

test("a page's own picture is fitted to 1200×630 and cached by its bytes; no card assets are read for it", async () => {
  await writeFile(
    path.join(content, 'images', 'cover.jpg'),
    await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#c00' } })
      .jpeg()
      .toBuffer(),
  );
  const own: ShareJob[] = [
    {
      file: 'social/posts/hello.jpg',
      draw: 'social-image',
      image: { url: '/images/cover.jpg', socialImageAlt: 'A cover', file: 'content/posts/hello.md', line: 4 },
    },
  ];
  const cache = new Cache(path.join(tmp, 'own'));
  const first = await draw(cache, own);
  assert.deepEqual([first.stats, first.assetsRead], [{ drawn: 1, cached: 0, warnings: [] }, 0]);
  const meta = await sharp(Buffer.from(first.files.get('social/posts/hello.jpg')!)).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 1200, 630]);
  assert.deepEqual((await draw(cache, own)).stats, { drawn: 0, cached: 1, warnings: [] });
  await writeFile(
    path.join(content, 'images', 'cover.jpg'),
    await sharp({ create: { width: 1400, height: 800, channels: 3, background: '#0c0' } })
      .jpeg()
      .toBuffer(),
  );
  assert.deepEqual(
    (await draw(cache, own)).stats,
    { drawn: 1, cached: 0, warnings: [] },
    'a new picture at the same path is fitted again',
  );
});
