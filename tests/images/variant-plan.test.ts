import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RasterImage } from '../../cli/images/load-images.ts';
import { planImage, responsiveWidths } from '../../cli/images/variant-plan.ts';

const image = (overrides: Partial<RasterImage> = {}): RasterImage => ({
  url: '/images/posts/shot.png',
  source: '/content/images/posts/shot.png',
  format: 'png',
  width: 1400,
  height: 900,
  animated: false,
  hash: 'a'.repeat(64),
  bytes: 1000,
  ...overrides,
});

test('publishes the standard widths below the image, then its own width up to 1600 px, never wider than the image', () => {
  assert.deepEqual(responsiveWidths(3000), [400, 800, 1200, 1600]);
  assert.deepEqual(responsiveWidths(1600), [400, 800, 1200, 1600]);
  assert.deepEqual(responsiveWidths(1000), [400, 800, 1000]);
  assert.deepEqual(responsiveWidths(480), [480], 'a step within a fifth of the widest is left out');
  assert.deepEqual(responsiveWidths(300), [300]);
  assert.deepEqual(responsiveWidths(1), [1]);
});

test("offers AVIF and WebP before the image's own format, each at every width with its height in proportion", () => {
  const plan = planImage(image({ width: 1000, height: 500 }), 'salt');
  assert.deepEqual(
    plan.variants.map((v) => `${v.format} ${v.width}x${v.height}`),
    [
      'avif 400x200',
      'avif 800x400',
      'avif 1000x500',
      'webp 400x200',
      'webp 800x400',
      'webp 1000x500',
      'png 400x200',
      'png 800x400',
      'png 1000x500',
    ],
  );
  assert.equal(
    plan.canonical,
    plan.variants.at(-1),
    'the widest variant in the own format is also published at the image URL',
  );
  for (const variant of plan.variants)
    assert.match(variant.url, /^\/images\/posts\/shot-\d+w\.[0-9a-f]{10}\.(avif|webp|png)$/);
});

test('falls back to WebP for an AVIF original, and gives an animation animated WebP and its own format only', () => {
  assert.deepEqual(
    [...new Set(planImage(image({ format: 'avif', url: '/images/a.avif' }), 's').variants.map((v) => v.format))],
    ['avif', 'webp'],
  );
  assert.deepEqual(
    [
      ...new Set(
        planImage(image({ format: 'gif', url: '/images/a.gif', animated: true }), 's').variants.map((v) => v.format),
      ),
    ],
    ['webp', 'gif'],
  );
  assert.deepEqual(
    [...new Set(planImage(image({ format: 'jpeg', url: '/images/a.jpg' }), 's').variants.map((v) => v.format))],
    ['avif', 'webp', 'jpeg'],
  );
  assert.match(planImage(image({ format: 'jpeg', url: '/images/a.jpeg' }), 's').canonical!.url, /\.jpg$/);
});

test('names each variant by the content and settings it was made from', () => {
  const first = planImage(image(), 'salt');
  assert.deepEqual(
    planImage(image(), 'salt').variants.map((v) => v.key),
    first.variants.map((v) => v.key),
    'the same inputs give the same keys',
  );
  const edited = planImage(image({ hash: 'b'.repeat(64) }), 'salt');
  const resalted = planImage(image(), 'other encoder settings');
  for (const other of [edited, resalted]) {
    other.variants.forEach((variant, i) => {
      assert.notEqual(variant.key, first.variants[i]!.key);
      assert.notEqual(variant.url, first.variants[i]!.url);
    });
  }
  assert.equal(new Set(first.variants.map((v) => v.key)).size, first.variants.length, 'every variant has its own key');
});
