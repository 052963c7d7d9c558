import path from 'node:path';
import { checkImageAlt } from '../images/check-image-alt.ts';
import { imageIndex } from '../images/image-index.ts';
import { ImageProcessor, type ImageOutput, type ImageRunStats } from '../images/image-processor.ts';
import type { ImageEntry } from '../images/picture-sources.ts';
import { planImage } from '../images/variant-plan.ts';
import { ContentFiles } from '../load/read-content-file.ts';
import { cacheFolder } from '../project-layout.ts';
import type { RoutedSite } from './validate-site.ts';

export { ImageProcessor };

export interface ImageOptions {
  /** Where variants are kept between builds: `node_modules/.cache/sitegen/images` by default; false keeps them in memory only. */
  cacheDir?: string | false;
  /** Images encoded at once (default: one per core, at most four). */
  concurrency?: number;
}

/** The images of a build: what pages need to write their markup, and the run making the files. */
export interface ProcessedImages {
  /** Every image of content/images by public path: its size, and a raster image's variants. */
  index: Map<string, ImageEntry>;
  /** Resolves once every variant has been emitted, encoded now or taken from the cache; rejects with every image that failed. */
  done: Promise<ImageRunStats>;
}

/** The image cache folder a build uses, or undefined for memory only. */
export function imageCacheDir(root: string, options: ImageOptions = {}): string | undefined {
  if (options.cacheDir === false) return undefined;
  return options.cacheDir ?? path.join(cacheFolder(root), 'images');
}

/**
 * Images: checks the alt text of every image a dataset or post names, plans the variants of
 * every raster image and starts encoding those the cache lacks, on sharp's threads, while the
 * pages render. Each file goes to `output` as soon as it is ready (a cached one by link, when
 * the output is a folder on disk).
 */
export function processImages(routed: RoutedSite, processor: ImageProcessor, output: ImageOutput): ProcessedImages {
  checkImageAlt(routed.raw, routed.model);
  const plans = routed.rasterImages.map((image) => planImage(image));
  const done = processor.run(plans, new ContentFiles(routed.contentDir), output);
  // Awaited once the pages are rendered; a failure before then must not go unhandled.
  done.catch(() => undefined);
  return { index: imageIndex(routed.images, plans), done };
}
