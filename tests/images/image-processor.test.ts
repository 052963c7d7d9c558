import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { Cache } from '../../cli/cache/cache.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { ImageProcessor } from '../../cli/images/image-processor.ts';
import { planImage, type ImagePlan } from '../../cli/images/variant-plan.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { ContentFiles } from '../../cli/shared/read-content-file.ts';
import { animatedGif, flat, photo, sidewaysJpeg, truncated } from '../helpers/images.ts';

let dir: string;
let content: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-images-'));
  content = path.join(dir, 'content');
  await mkdir(path.join(content, 'images', 'posts'), { recursive: true });
});
after(() => rm(dir, { recursive: true, force: true }));

/** Writes images into a fresh content/images folder and plans them. */
async function plansOf(files: Record<string, Buffer>): Promise<ImagePlan[]> {
  const images = path.join(content, 'images');
  await rm(images, { recursive: true, force: true });
  for (const [name, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(images, name)), { recursive: true });
    await writeFile(path.join(images, name), bytes);
  }
  return (await loadImages(images)).raster.map((image) => planImage(image));
}

/** Runs a processor over the plans and returns what it emitted. */
async function run(processor: ImageProcessor, plans: ImagePlan[]) {
  const files = new Map<string, Buffer>();
  const stats = await processor.run(plans, new ContentFiles(content), {
    write: (file, bytes) => files.set(file, Buffer.from(bytes)),
  });
  return { files, stats };
}

test('encodes every variant at its planned width, height and format, and the widest in the own format at the image URL', async () => {
  const plans = await plansOf({ 'posts/photo.jpg': await photo(1000, 700), 'posts/shot.png': await flat(900, 500) });
  const { files, stats } = await run(new ImageProcessor({ cache: new Cache(path.join(dir, 'cache-a')) }), plans);
  assert.deepEqual({ processed: stats.processed, encoded: stats.encoded }, { processed: 2, encoded: 15 });
  for (const plan of plans) {
    for (const variant of plan.variants) {
      const meta = await sharp(files.get(variant.url.slice(1))!).metadata();
      assert.deepEqual(
        [meta.format, meta.width, meta.height],
        [variant.format === 'avif' ? 'heif' : variant.format, variant.width, variant.height],
        variant.url,
      );
    }
    assert.deepEqual(files.get(plan.image.url.slice(1)), files.get(plan.canonical!.url.slice(1)));
  }
  assert.equal(
    files.size,
    plans.reduce((count, plan) => count + plan.variants.length + 1, 0),
  );
});

test('never upscales: an image narrower than every standard width is published at its own width only', async () => {
  const [plan] = await plansOf({ 'small.png': await flat(300, 120) });
  const { files } = await run(new ImageProcessor(), [plan!]);
  assert.deepEqual(
    plan!.variants.map((v) => v.width),
    [300, 300, 300],
  );
  for (const variant of plan!.variants)
    assert.equal((await sharp(files.get(variant.url.slice(1))!).metadata()).width, 300);
});

test('a second run takes every variant from the cache: no image is processed', async () => {
  const cache = new Cache(path.join(dir, 'cache-b'));
  const plans = await plansOf({ 'posts/photo.jpg': await photo(900, 600) });
  const first = await run(new ImageProcessor({ cache }), plans);
  const second = await run(new ImageProcessor({ cache }), plans);
  assert.equal(first.stats.processed, 1);
  assert.deepEqual({ processed: second.stats.processed, encoded: second.stats.encoded }, { processed: 0, encoded: 0 });
  assert.deepEqual(second.files, first.files, 'the same files, byte for byte');
  assert.equal(
    (await readdir(cache.folder!, { recursive: true })).filter((name) => name.endsWith('.tmp')).length,
    0,
    'no temporary file is left',
  );
});

test('turns a photo upright by its EXIF orientation, and says so in its size', async () => {
  const [plan] = await plansOf({ 'sideways.jpg': await sidewaysJpeg(600, 300) });
  assert.deepEqual([plan!.image.width, plan!.image.height], [300, 600]);
  const { files } = await run(new ImageProcessor(), [plan!]);
  const meta = await sharp(files.get(plan!.canonical!.url.slice(1))!).metadata();
  assert.deepEqual([meta.width, meta.height, meta.orientation], [300, 600, undefined]);
});

test('keeps an animated GIF moving: animated WebP and GIF variants with every frame', async () => {
  const [plan] = await plansOf({ 'spinner.gif': await animatedGif(500, 200, 3) });
  assert.equal(plan!.image.animated, true);
  const { files } = await run(new ImageProcessor(), [plan!]);
  for (const variant of plan!.variants) {
    const meta = await sharp(files.get(variant.url.slice(1))!, { animated: true }).metadata();
    assert.deepEqual([meta.format, meta.pages, meta.width], [variant.format, 3, variant.width], variant.url);
  }
});

test('a truncated image stops the run with image.corrupt naming it, and no part of it is left in the cache', async () => {
  const cache = new Cache(path.join(dir, 'cache-c'));
  const plans = await plansOf({
    'good.png': await flat(500, 300),
    'posts/cut.jpg': truncated(await photo(900, 600), 0.4),
  });
  await assert.rejects(run(new ImageProcessor({ cache }), plans), (error) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(
      error.errors.map((e) => [e.code, path.relative(content, e.file!)]),
      [['image.corrupt', 'images/posts/cut.jpg']],
    );
    assert.ok(error.errors[0]!.hint);
    return true;
  });
  const cached = (await readdir(cache.folder!, { recursive: true })).map((name) => path.basename(name));
  const cut = plans.find((plan) => plan.image.url.endsWith('cut.jpg'))!;
  const good = plans.find((plan) => plan.image.url.endsWith('good.png'))!;
  assert.deepEqual(
    cached.filter((name) => name.endsWith('.tmp') || cut.variants.some((v) => name.startsWith(v.key))),
    [],
  );
  assert.ok(
    good.variants.every((variant) => cached.includes(variant.key)),
    "the good image's variants were kept",
  );
});

test("a cached variant that is not sound (garbage, or another variant's bytes) is encoded again, and the files are a fresh run's", async () => {
  const cache = new Cache(path.join(dir, 'cache-e'));
  const plans = await plansOf({ 'spoilt.png': await flat(900, 500) });
  const first = await run(new ImageProcessor({ cache }), plans);
  const [plan] = plans;
  const entryOf = (key: string) => path.join(cache.folder!, 'images', key.slice(0, 2), key);
  await writeFile(entryOf(plan!.variants[0]!.key), 'garbage');
  await writeFile(entryOf(plan!.variants[1]!.key), await readFile(entryOf(plan!.variants[2]!.key)));
  const second = await run(new ImageProcessor({ cache }), plans);
  assert.deepEqual({ processed: second.stats.processed, encoded: second.stats.encoded }, { processed: 1, encoded: 2 });
  assert.deepEqual(second.files, first.files, 'the same files, byte for byte');
  assert.deepEqual(
    cache.get('images', plan!.variants[1]!.key),
    first.files.get(plan!.variants[1]!.url.slice(1)),
    'stored again',
  );
});

test("without a cache every variant is encoded on every run, and kept in memory for the run's processor", async () => {
  const plans = await plansOf({ 'memory.png': await flat(500, 300) });
  const processor = new ImageProcessor();
  const first = await run(processor, plans);
  const second = await run(processor, plans);
  assert.equal(first.stats.encoded, plans[0]!.variants.length);
  assert.deepEqual(
    { processed: second.stats.processed, encoded: second.stats.encoded },
    { processed: 0, encoded: 0 },
    'one processor (a dev session) keeps its variants',
  );
  assert.deepEqual(second.files, first.files);
  assert.equal(
    (await run(new ImageProcessor(), plans)).stats.encoded,
    plans[0]!.variants.length,
    'another processor without a cache encodes afresh',
  );
});
