import assert from 'node:assert/strict';
import { truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { inputLimits } from '../../cli/input-limits.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { tinyContent } from '../helpers/tiny-content.ts';
import { animatedGif, flat, photo } from '../helpers/images.ts';

test('reads the size of every SVG under content/images', async () => {
  const { content, cleanup } = await tinyContent({
    'images/icons/wide.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120.4 30"></svg>',
    'images/px.svg':
      '<?xml version="1.0"?>\n<svg width="16px" height="8.6px" xmlns="http://www.w3.org/2000/svg"></svg>',
  });
  try {
    const images = await loadImages(path.join(content, 'images'));
    assert.deepEqual(
      images.svg.map((i) => [i.url, i.width, i.height]),
      [
        ['/images/icons/wide.svg', 120, 30],
        ['/images/px.svg', 16, 9],
        ['/images/square.svg', 40, 40],
      ],
    );
  } finally {
    await cleanup();
  }
});

test('reports an SVG without a size at its first line', async () => {
  const { content, cleanup } = await tinyContent({
    'images/no-size.svg': '<svg xmlns="http://www.w3.org/2000/svg">\n  <rect width="1" height="1"/>\n</svg>\n',
  });
  try {
    await assert.rejects(loadImages(path.join(content, 'images')), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line]),
        [['content.image-size', 'images/no-size.svg', 1]],
      );
      return true;
    });
  } finally {
    await cleanup();
  }
});

/** Loads a content/images folder holding these files and returns each problem as [code, file]. */
async function rasterProblems(files: Record<string, Buffer | number>): Promise<[string, string][]> {
  const { content, cleanup } = await tinyContent();
  try {
    for (const [name, bytes] of Object.entries(files)) {
      const file = path.join(content, 'images', name);
      await writeFile(file, typeof bytes === 'number' ? '' : bytes);
      // A number is a size: the file is made that large without writing its bytes.
      if (typeof bytes === 'number') await truncate(file, bytes);
    }
    await loadImages(path.join(content, 'images'));
    return [];
  } catch (error) {
    assert.ok(error instanceof SiteErrorList, String(error));
    for (const problem of error.errors) assert.ok(problem.hint, `${problem.code} has a hint`);
    return error.errors.map((e) => [e.code, path.relative(content, e.file!)]);
  } finally {
    await cleanup();
  }
}

test('reads the format and size of PNG, JPEG, WebP, AVIF and GIF images from their headers', async () => {
  const { content, cleanup } = await tinyContent();
  try {
    const files = {
      'a.png': await flat(30, 20),
      'b.jpg': await photo(40, 30),
      'c.webp': await photo(50, 40, 'webp'),
      'd.avif': await photo(60, 50, 'avif'),
      'e.gif': await animatedGif(70, 60, 2),
    };
    for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(content, 'images', name), bytes);
    const { raster } = await loadImages(path.join(content, 'images'));
    assert.deepEqual(
      raster.map((i) => [i.url, i.format, i.width, i.height, i.animated]),
      [
        ['/images/a.png', 'png', 30, 20, false],
        ['/images/b.jpg', 'jpeg', 40, 30, false],
        ['/images/c.webp', 'webp', 50, 40, false],
        ['/images/d.avif', 'avif', 60, 50, false],
        ['/images/e.gif', 'gif', 70, 60, true],
      ],
    );
    assert.ok(raster.every((image) => /^[0-9a-f]{64}$/.test(image.hash)));
  } finally {
    await cleanup();
  }
});

test('refuses formats it does not read: a BMP, a TIFF named .png, bytes that are no image', async () => {
  assert.deepEqual(
    await rasterProblems({
      'scan.bmp': Buffer.from('BM'),
      'shot.png': await flat(20, 20, 'tiff'),
      'noise.jpg': Buffer.from('not an image at all'),
    }),
    [
      ['image.unsupported-format', 'images/noise.jpg'],
      ['image.unsupported-format', 'images/scan.bmp'],
      ['image.unsupported-format', 'images/shot.png'],
    ],
  );
});

test('refuses a JPEG named .png, naming the extension it should have', async () => {
  const { content, cleanup } = await tinyContent();
  try {
    await writeFile(path.join(content, 'images', 'photo.png'), await photo(20, 20));
    await assert.rejects(loadImages(path.join(content, 'images')), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.match(error.errors[0]!.message, /JPEG file named like a PNG one: rename it to end in \.jpg/);
      return true;
    });
  } finally {
    await cleanup();
  }
});

test('refuses an image over 12,000 px on a side or over 25 MB, from its header or its size alone', async () => {
  assert.deepEqual(
    await rasterProblems({
      'wide.png': await flat(inputLimits.rasterImageSide + 1, 2),
      'huge.jpg': inputLimits.rasterImageBytes + 1,
    }),
    [
      ['image.too-large', 'images/huge.jpg'],
      ['image.too-large', 'images/wide.png'],
    ],
  );
  assert.deepEqual(
    await rasterProblems({ 'edge.png': await flat(inputLimits.rasterImageSide, 2) }),
    [],
    'exactly at the limit is fine',
  );
});

test('refuses an image whose header is damaged', async () => {
  const png = await flat(40, 40);
  const damaged = Buffer.concat([png.subarray(0, 16), Buffer.alloc(40, 0xff)]);
  assert.deepEqual(await rasterProblems({ 'broken.png': damaged, 'empty.gif': Buffer.alloc(0) }), [
    ['image.corrupt', 'images/broken.png'],
    ['image.corrupt', 'images/empty.gif'],
  ]);
});
