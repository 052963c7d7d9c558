import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createElement } from 'react';
import sharp from 'sharp';
import type { ShareCardSpec } from '../../cli/config/share-card-spec.ts';
import { SiteError } from '../../cli/errors.ts';
import { drawCard, drawLogo } from '../../cli/share-card/draw-card.ts';
import { tinyCard, tinyCardAssets, tinyCardColours } from '../helpers/tiny-card.ts';

// Cards drawn with a site's card spec (satori, then sharp): the tiny card of tests/helpers/tiny-card.ts,
// 400×210, a flat background, the title in white in the box at (20, 60) of 360×120.

const model = { site: { title: 'Tiny', url: 'https://tiny.example' }, posts: [] };
type AnySpec = ShareCardSpec<never, never>;
const asDrawn = (spec: ShareCardSpec<never, never> | ReturnType<typeof tinyCard>) => spec as unknown as AnySpec;

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) =>
    `#${[0, 1, 2].map((c) => data[(y * info.width + x) * info.channels + c]!.toString(16).padStart(2, '0')).join('')}`;
  /** Rows and columns holding a pixel close to white. */
  const white = { top: Infinity, bottom: -1, left: Infinity, right: -1 };
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (data[i]! > 230 && data[i + 1]! > 230 && data[i + 2]! > 230) {
        white.top = Math.min(white.top, y);
        white.bottom = Math.max(white.bottom, y);
        white.left = Math.min(white.left, x);
        white.right = Math.max(white.right, x);
      }
    }
  }
  return { at, white, info };
}

test('draws a card as a PNG of the size the spec gives, on the background it draws', async () => {
  const spec = tinyCard();
  const png = await drawCard(asDrawn(spec), { title: 'Hello' }, tinyCardAssets(model));
  const meta = await sharp(png).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 400, 210]);
  const { at } = await pixels(png);
  assert.equal(at(200, 30), tinyCardColours.background);
  assert.equal(at(5, 5), '#3366cc', "the background's picture, rasterised by the engine from the site's SVG");
});

test("draws a card's words only inside the spec's box", async () => {
  const png = await drawCard(asDrawn(tinyCard()), { title: 'Hello world, a title in white' }, tinyCardAssets(model));
  const { white } = await pixels(png);
  assert.ok(white.bottom >= 0, 'the words are drawn');
  assert.ok(white.top >= 60 && white.bottom < 180 && white.left >= 20 && white.right < 380, JSON.stringify(white));
});

test('draws the background once for a set of assets, and the words of every card', async () => {
  const spec = tinyCard();
  const assets = tinyCardAssets(model);
  await Promise.all([
    drawCard(asDrawn(spec), { title: 'One' }, assets),
    drawCard(asDrawn(spec), { title: 'Two' }, assets),
  ]);
  await drawCard(asDrawn(spec), { title: 'Three' }, assets);
  assert.deepEqual(spec.drawn, { background: 1, words: 3 });
  await drawCard(asDrawn(spec), { title: 'Four' }, tinyCardAssets(model));
  assert.equal(spec.drawn.background, 2, 'new assets, a new background');
});

test("draws the logo as a 512×512 PNG: the site's logo on white", async () => {
  const png = await drawLogo(tinyCardAssets(model));
  const meta = await sharp(png).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 512, 512]);
  const { at } = await pixels(png);
  assert.equal(at(256, 256), '#3366cc');
  assert.equal(at(3, 3), '#ffffff');
});

test('a card template that fails is share-card.failed naming the card', async () => {
  const Broken = () => {
    throw new Error('the template broke');
  };
  const spec = tinyCard({ words: () => createElement('div', { style: { display: 'flex' } }, createElement(Broken)) });
  await assert.rejects(drawCard(asDrawn(spec), { title: 'Broken card' }, tinyCardAssets(model)), (error: unknown) => {
    assert.ok(error instanceof SiteError);
    assert.equal(error.code, 'share-card.failed');
    assert.equal(error.message, 'the share card "Broken card" could not be drawn: the template broke');
    assert.ok(error.cause instanceof Error);
    return true;
  });
});
