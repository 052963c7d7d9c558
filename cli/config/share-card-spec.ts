// The part of a site definition that says how the site's share cards look and which card each page shares.
import type { ReactElement } from 'react';
import type { PageSpec } from './site-definition.ts';

/** The share card of one page: the words drawn on it, or a picture of the site's own. */
export type ShareCardOf =
  | { kind: 'card'; card: Record<string, unknown>; alt: string }
  /** `image` is a site path under `/images/`; `file` and `line` say where the page names it. */
  | { kind: 'image'; image: string; alt?: string; file: string; line: number }
  /** The picture of the page at another route path (a list's later pages share its first page's). */
  | { kind: 'same-as'; path: string };

/** A font share cards are drawn with. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 500 | 600 | 700 | 800 | 900;
  style: 'normal';
}

/** What every card of a build is drawn with: fonts, and what the site's card needs besides (colours, marks). */
export interface CardAssets {
  fonts: CardFont[];
  /** Changes whenever anything the cards are drawn with changes: part of every card's cache key. */
  fingerprint: string;
  /** The square logo search engines show, as SVG text (drawn on white). */
  logoSvg: string;
  data: unknown;
}

/** What the engine lends a card's background: pictures made from SVG, as data URLs satori can draw. */
export interface CardTools {
  rasterise(svg: string, size: number, opacity?: number): Promise<string>;
}

/** How a site's share cards look, and which one each page shares. Cards are drawn by satori. */
export interface ShareCardSpec<Model, Page extends PageSpec> {
  width: number;
  height: number;
  /** Where a card's own words are drawn; everything else is the background, the same on every card and drawn once. */
  wordsBox: { left: number; top: number; width: number; height: number };
  /** The card of the page at a route, or a picture of the site's own for it. */
  of(route: { path: string; page: Page }, model: Model): ShareCardOf;
  assets(model: Model, root: string): CardAssets;
  background(assets: CardAssets, tools: CardTools): Promise<ReactElement>;
  words(card: Record<string, unknown>, assets: CardAssets): ReactElement;
  logoAlt(model: Model): string;
}

/** A picture as the page's head names it. */
export interface ShareImage {
  /** Site path of the file: `/social/blog/a.png`. */
  path: string;
  width: number;
  height: number;
  type: 'image/png' | 'image/jpeg';
  alt: string;
}

/** What the build publishes for pages to share and search engines to show. */
export interface ShareImages {
  /** Each route's picture, by route path. */
  byPath: ReadonlyMap<string, ShareImage>;
  /** The picture of a page that has none of its own (a redirect's page): the home page's. */
  fallback: ShareImage;
  logo: ShareImage;
}
