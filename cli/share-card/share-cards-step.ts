import type { RoutedSite } from '../build/validate-site.ts';
import { shareCardCacheFolder } from './card-cache.ts';
import { readCardAssets } from './card-assets.ts';
import { drawSharePictures, type PictureOutput, type SharePictureStats } from './draw-share-pictures.ts';
import { planShareImages, type ShareImages } from './share-images.ts';

/** What a build asks of the share cards. */
export interface ShareCardOptions {
  /** Where drawn pictures are kept between builds: `node_modules/.cache/sitegen/share-cards` by default; false keeps them in memory only. */
  cacheDir?: string | false;
}

/** Every page's share picture, planned; `draw` produces their files. */
export interface ShareCards {
  images: ShareImages;
  /** Draws the pictures the cache lacks; every picture goes to `output` as soon as it is ready. */
  draw: (output: PictureOutput) => Promise<SharePictureStats>;
}

export type { PictureOutput, SharePictureStats };

/**
 * Share cards: plans each page's picture before the pages render (the layout names it in each
 * page's head), and draws them when asked, beside the rendering of pages.
 */
export function prepareShareCards(routed: Pick<RoutedSite, 'root' | 'contentDir' | 'model' | 'routes' | 'raw'>, options: ShareCardOptions = {}): ShareCards {
  const plan = planShareImages(routed.routes, routed.model, routed.raw);
  const assets = () => readCardAssets(routed.root, routed.model);
  const cacheDir = options.cacheDir === false ? undefined : options.cacheDir ?? shareCardCacheFolder(routed.root);
  return {
    images: plan.images,
    draw: (output) => drawSharePictures(plan.jobs, assets, { contentDir: routed.contentDir, cacheDir }, output),
  };
}
