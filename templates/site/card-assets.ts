import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type CardAssets, type CardFont, SiteError } from 'sitegen/site';
import ShareCardText, {
  ShareCardFrame,
  shareCardTemplateVersion,
  textBox,
  titleSize,
  type ShareCardColours,
} from '../share-card/ShareCard.tsx';
import type { SiteModel } from './model.ts';

// Everything a card is drawn with besides its own words: the font, the brand's colours (read
// from the site's stylesheet, so a new palette reaches the cards), the brand mark, the brand
// and the host name. Their fingerprint is part of every card's cache key.

/** Inter from the npm registry (@fontsource/inter, SIL Open Font License 1.1), in the weights cards use. */
const fontFiles = [600, 800].flatMap((weight) =>
  ['latin', 'latin-ext'].map((subset) => ({
    weight,
    file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`,
  })),
);

/** The stylesheet custom property each colour of a card comes from. */
const colourProperties: Record<keyof ShareCardColours, string> = {
  navy: '--navy',
  navy2: '--navy-2',
  indigo: '--indigo',
  violet: '--violet',
  teal: '--teal',
  lilac: '--lilac',
  onNavy: '--on-navy',
};

/** What the site's cards need besides fonts. */
export interface CardData {
  brand: string;
  /** The site's host without `www.`, shown at the foot of each card. */
  host: string;
  colours: ShareCardColours;
  /** The brand mark as SVG text. */
  brandMark: string;
}

/** Reads the font, the stylesheet's colours and the brand mark; fails with the file that lacks one. */
export function readCardAssets(root: string, model: SiteModel): CardAssets {
  const require = createRequire(import.meta.url);
  const fonts: CardFont[] = fontFiles.map(({ weight, file }) => ({
    name: 'Inter',
    data: readAsset(() => require.resolve(file), file),
    weight: weight as 600 | 800,
    style: 'normal' as const,
  }));
  const stylesheet = path.join(root, 'templates', 'styles', 'base.css');
  const colours = readColours(stylesheet, readAsset(() => stylesheet, stylesheet).toString('utf8'));
  const markFile = path.join(model.contentRoot, 'images', 'brand-mark.svg');
  const brandMark = readAsset(() => markFile, markFile).toString('utf8');
  const { brand, siteUrl } = model.data.site;
  const host = new URL(siteUrl).host.replace(/^www\./, '');
  const hash = createHash('sha256').update(
    JSON.stringify({
      shareCardTemplateVersion,
      template: [ShareCardFrame, ShareCardText, titleSize].map(String),
      textBox,
      brand,
      host,
      colours,
      brandMark,
    }),
  );
  for (const font of fonts) hash.update(font.data);
  const data: CardData = { brand, host, colours, brandMark };
  return { fonts, fingerprint: hash.digest('hex'), logoSvg: brandMark, data };
}

/** The card colours from the `:root` custom properties of the stylesheet. */
export function readColours(file: string, css: string): ShareCardColours {
  const colours = {} as ShareCardColours;
  for (const [key, property] of Object.entries(colourProperties) as [keyof ShareCardColours, string][]) {
    const value = new RegExp(`(?<![\\w-])${property}:\\s*(#[0-9a-fA-F]{3,8})\\s*[;}]`).exec(css)?.[1];
    if (!value) {
      throw new SiteError({
        code: 'share-card.failed',
        message: `the stylesheet has no colour ${property} for the share cards`,
        hint: `Define ${property} as a hex colour in :root, or change the colours templates/site/card-assets.ts reads.`,
        file,
      });
    }
    colours[key] = value;
  }
  return colours;
}

function readAsset(locate: () => string, name: string): Buffer {
  try {
    return readFileSync(locate());
  } catch (error) {
    throw new SiteError({
      code: 'share-card.failed',
      message: `cannot read ${name}, which share cards are drawn with: ${(error as Error).message}`,
      hint: 'Run npm ci to install the font, and keep content/images/brand-mark.svg and templates/styles/base.css.',
      file: name,
      cause: error,
    });
  }
}
