import type { CardAssets, ShareCardSpec } from '../config/share-card-spec.ts';
import { SiteError } from '../errors.ts';
import { loadSharp } from '../images/sharp-runtime.ts';
import { logoSize } from './share-images.ts';

// Draws cards with the site's card templates: satori lays them out and turns their text into
// outlines in the card's fonts (so a card looks the same on any machine) as SVG, which sharp
// (librsvg) rasterises. The background is drawn once per build; each card lays its own words
// over it.

type Satori = typeof import('satori').default;
// The site's card spec, whatever its model and pages: drawing needs neither.
type AnyCardSpec = ShareCardSpec<never, never>;
let satoriLoading: Promise<Satori> | undefined;
const backgrounds = new WeakMap<CardAssets, Promise<Buffer>>();

/** Draws one page's card as a PNG; `extraFonts` draw the characters the site's fonts lack. */
export async function drawCard(
  spec: AnyCardSpec,
  card: Record<string, unknown>,
  assets: CardAssets,
  extraFonts: CardAssets['fonts'] = [],
): Promise<Buffer> {
  const name = typeof card.title === 'string' ? card.title : JSON.stringify(card);
  const [satori, background, sharp] = await Promise.all([loadSatori(), backgroundOf(spec, assets), loadSharp()]);
  const box = spec.wordsBox;
  const words = await failsAs(name, async () =>
    Buffer.from(
      await satori(spec.words(card, assets), {
        width: box.width,
        height: box.height,
        fonts: [...assets.fonts, ...extraFonts],
      }),
    ),
  );
  return failsAs(name, () =>
    sharp(background, { raw: { width: spec.width, height: spec.height, channels: 3 } })
      .composite([{ input: words, left: box.left, top: box.top }])
      // zlib level 3: much less time than the default 6, for a few more bytes a card.
      .png({ compressionLevel: 3 })
      .toBuffer(),
  );
}

/** The square logo for search results: the site's logo SVG on white. */
export async function drawLogo(assets: CardAssets): Promise<Buffer> {
  const sharp = await loadSharp();
  const mark = await rasterise(assets.logoSvg, Math.round(logoSize * 0.8));
  return sharp({ create: { width: logoSize, height: logoSize, channels: 4, background: '#ffffff' } })
    .composite([{ input: mark, gravity: 'centre' }])
    .png()
    .toBuffer();
}

function loadSatori(): Promise<Satori> {
  satoriLoading ??= import('satori').then((module) => module.default);
  return satoriLoading;
}

/** The background's pixels (RGB), drawn once per set of assets. */
function backgroundOf(spec: AnyCardSpec, assets: CardAssets): Promise<Buffer> {
  let background = backgrounds.get(assets);
  if (!background) {
    background = failsAs('(the background every card shares)', async () => {
      const [satori, sharp] = await Promise.all([loadSatori(), loadSharp()]);
      const element = await spec.background(assets, {
        rasterise: async (svg, size, opacity) => dataUrl(await rasterise(svg, size, opacity)),
      });
      const svg = await satori(element, { width: spec.width, height: spec.height, fonts: assets.fonts });
      return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
    });
    backgrounds.set(assets, background);
  }
  return background;
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
    if (error instanceof SiteError) throw error;
    throw new SiteError({
      code: 'share-card.failed',
      message: `the share card ${JSON.stringify(title)} could not be drawn: ${(error as Error).message}`,
      hint: "Check the site's share-card template: satori reads inline styles with flexbox layout only.",
      cause: error,
    });
  }
}
