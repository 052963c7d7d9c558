import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import sharp from 'sharp';
import type { CardAssets, ShareCardSpec } from '../../cli/config/share-card-spec.ts';
import { drawCard as drawWith, drawLogo } from '../../cli/share-card/draw-card.ts';
import { readCardAssets, type CardData } from '../../templates/site/card-assets.ts';
import { shareCard } from '../../templates/site/share-card.ts';
import { projectRoot } from '../helpers/content.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

// The marketing site's share card (templates/site/share-card.ts, templates/share-card/ShareCard.tsx)
// as the engine draws it.

let assets: CardAssets;
let colours: CardData['colours'];

before(async () => {
  const { model } = await loadSiteModel();
  assets = readCardAssets(projectRoot, model);
  colours = (assets.data as CardData).colours;
});

const drawCard = (card: { title: string; kind: string }, with_: CardAssets) =>
  drawWith(shareCard as unknown as ShareCardSpec<never, never>, card, with_);

/** The colour of one pixel, as `#rrggbb`. */
async function pixel(png: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return `#${[0, 1, 2].map((c) => data[at + c]!.toString(16).padStart(2, '0')).join('')}`;
}

test('draws a card as a 1200×630 PNG on the brand navy', async () => {
  const png = await drawCard({ title: 'AI-Powered Bug Reports: A New Standard', kind: 'Documentation' }, assets);
  const meta = await sharp(png).metadata();
  assert.equal(meta.format, 'png');
  assert.equal(meta.width, 1200);
  assert.equal(meta.height, 630);
  assert.equal(await pixel(png, 600, 20), colours.navy, 'the background is the stylesheet navy');
});

test("draws the title in white where the card's words go, and keeps a long title to three lines", async () => {
  const short = await drawCard({ title: 'QA', kind: 'Guide' }, assets);
  const long = await drawCard({ title: 'An extremely long title '.repeat(12).trim(), kind: 'Guide' }, assets);
  const whiteRows = async (png: Buffer) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    let rows = 0;
    for (let y = 0; y < info.height; y++) {
      for (let x = 72; x < 1050; x++) {
        const at = (y * info.width + x) * info.channels;
        if (data[at]! > 240 && data[at + 1]! > 240 && data[at + 2]! > 240) {
          rows += 1;
          break;
        }
      }
    }
    return rows;
  };
  const [shortRows, longRows] = await Promise.all([whiteRows(short), whiteRows(long)]);
  assert.ok(longRows > shortRows, 'a long title covers more lines than a short one');
  // Three lines of 58 px type at 1.08 line height, plus the brand name: far less than the card.
  assert.ok(longRows < 300, `the long title is clamped (${longRows} rows of white)`);
});

test('draws the logo as a 512×512 PNG', async () => {
  const meta = await sharp(await drawLogo(assets)).metadata();
  assert.deepEqual([meta.format, meta.width, meta.height], ['png', 512, 512]);
});
