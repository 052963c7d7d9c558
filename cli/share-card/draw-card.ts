import { SiteError } from '../errors.ts';
import { loadSharp } from '../images/sharp-runtime.ts';
import ShareCardText, { cardSize, ShareCardFrame, textBox } from '../../templates/share-card/ShareCard.tsx';
import type { CardAssets } from './card-assets.ts';
import type { CardText } from './card-text.ts';
import { logoSize } from './picture-sizes.ts';

// Draws cards with the template: satori lays it out and turns its text into outlines in Inter
// (so a card looks the same on any machine) as SVG, which sharp (librsvg) rasterises. The frame
// is drawn once per build; each card lays its own words over it.

type Satori = typeof import('satori').default;
let satoriLoading: Promise<Satori> | undefined;
const frames = new WeakMap<CardAssets, Promise<Buffer>>();

/** Draws one page's card as a 1200×630 PNG. */
export async function drawCard(text: CardText, assets: CardAssets): Promise<Buffer> {
  const [satori, frame, sharp] = await Promise.all([loadSatori(), frameOf(assets), loadSharp()]);
  const words = await failsAs(text.title, async () => {
    const element = ShareCardText({ ...text, colours: assets.colours });
    return Buffer.from(await satori(element, { width: textBox.width, height: textBox.height, fonts: assets.fonts }));
  });
  return failsAs(text.title, () => sharp(frame, { raw: { ...cardSize, channels: 3 } })
    .composite([{ input: words, left: textBox.left, top: textBox.top }])
    // zlib level 3: a fifth less time than the default 6 for a sixth more bytes (about 80 KB a card).
    .png({ compressionLevel: 3 })
    .toBuffer());
}

/** The square logo for search results: the brand mark on white, 512×512. */
export async function drawLogo(assets: CardAssets): Promise<Buffer> {
  const sharp = await loadSharp();
  const mark = await rasterise(assets.brandMark, Math.round(logoSize * 0.8));
  return sharp({ create: { width: logoSize, height: logoSize, channels: 4, background: '#ffffff' } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

function loadSatori(): Promise<Satori> {
  satoriLoading ??= import('satori').then((module) => module.default);
  return satoriLoading;
}

/** The frame's pixels (RGB, 1200×630), drawn once per set of assets. */
function frameOf(assets: CardAssets): Promise<Buffer> {
  let frame = frames.get(assets);
  if (!frame) {
    frame = failsAs('(the frame every card shares)', async () => {
      const [satori, sharp, brandMark, watermark] = await Promise.all([loadSatori(), loadSharp(), rasterise(assets.brandMark, 60), rasterise(assets.brandMark, 460, 0.07)]);
      const element = ShareCardFrame({ brand: assets.brand, host: assets.host, colours: assets.colours, brandMark: dataUrl(brandMark), watermark: dataUrl(watermark) });
      const svg = await satori(element, { ...cardSize, fonts: assets.fonts });
      return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    });
    frames.set(assets, frame);
  }
  return frame;
}

/** The SVG as a square PNG of `size` pixels, its opacity scaled by `opacity`. */
async function rasterise(svg: string, size: number, opacity = 1): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(Buffer.from(svg), { density: 300 }).resize(size, size).ensureAlpha();
  return (opacity === 1 ? image : image.linear([1, 1, 1, opacity], [0, 0, 0, 0])).png().toBuffer();
}

function dataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Runs one drawing step, reporting a failure as `share-card.failed` naming the card. */
async function failsAs<T>(title: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new SiteError({
      code: 'share-card.failed',
      message: `the share card ${JSON.stringify(title)} could not be drawn: ${(error as Error).message}`,
      hint: 'Check templates/share-card/ShareCard.tsx: satori reads inline styles with flexbox layout only.',
      file: 'templates/share-card/ShareCard.tsx',
      cause: error,
    });
  }
}
