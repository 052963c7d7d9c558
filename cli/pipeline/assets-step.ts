import { bundleClient, measureScripts, type Bundle } from '../bundle/bundle-client.ts';
import type { Cache } from '../cache/cache.ts';
import type { RunMemory } from '../cache/run-memory.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { imageIndex } from '../images/image-index.ts';
import type { ImageOutput, ImageProcessor, ImageRunStats } from '../images/image-processor.ts';
import type { ImageEntry } from '../images/picture-sources.ts';
import { planImage } from '../images/variant-plan.ts';
import { ContentFiles } from '../shared/read-content-file.ts';
import type { PageRecord } from '../render/render-page.ts';
import { drawSharePictures, type PictureOutput, type SharePictureStats } from '../share-card/draw-share-pictures.ts';
import { planShareImages, type ShareImages } from '../share-card/share-images.ts';
import type { RoutedStep } from './route-step.ts';

/**
 * Bundle: the stylesheet, the site script and every island the site names, built by esbuild (or
 * taken from the cache).
 */
export function bundleSite(site: LoadedSite, root: string, cache: Cache): Promise<Bundle> {
  return bundleClient(root, site.definition.client, cache);
}

/** The images of a build: what pages need to write their markup, and how to make the files. */
export interface PlannedImages {
  /** Every image by public path: its size, and a raster image's variants. */
  index: Map<string, ImageEntry>;
  /**
   * Every file the images publish (an SVG, a raster image at its own URL and each variant), with
   * the image it comes from.
   */
  outputs: { url: string; source: string }[];
  /**
   * Starts encoding the variants the cache lacks, on sharp's threads; each file goes to
   * `output` as soon as it is ready. Resolves once every variant has been emitted, encoded now
   * or taken from the cache; rejects with every image that failed.
   */
  encode(processor: ImageProcessor, output: ImageOutput): Promise<ImageRunStats>;
}

/**
 * Images: plans the variants of every raster image of the images folder and of the page
 * bundles. Nothing is encoded until `encode` is called: a build calls it once the content has
 * been checked, and encoding then runs while the pages render.
 */
export function planImages(routed: RoutedStep): PlannedImages {
  const plans = routed.images.raster.map((image) => planImage(image));
  return {
    index: imageIndex(routed.images.svg, plans),
    outputs: [
      ...routed.images.svg.map((image) => ({ url: image.url, source: image.source })),
      ...plans.flatMap((plan) =>
        [plan.image.url, ...plan.variants.map((variant) => variant.url)].map((url) => ({
          url,
          source: plan.image.source,
        })),
      ),
    ],
    encode: (processor, output) => {
      const done = processor.run(plans, new ContentFiles(routed.contentDir), output);
      // Awaited once the pages are rendered; a failure before then must not go unhandled.
      done.catch(() => undefined);
      return done;
    },
  };
}

/**
 * Every page's share picture, planned before the pages render (each page's head names its own);
 * `draw` produces the files.
 */
export interface ShareCards {
  images?: ShareImages;
  /** The files `draw` writes, by output path (`social/blog.png`). */
  files: string[];
  draw: (output: PictureOutput) => Promise<SharePictureStats>;
}

/**
 * Share cards: planned now, drawn beside the rendering of pages; none when the site has no share
 * card. `memory` keeps them between the runs of `dev`.
 */
export function prepareShareCards(routed: RoutedStep, cache: Cache, memory?: RunMemory<Buffer>): ShareCards {
  const spec = routed.site.definition.shareCard;
  if (!spec) return { files: [], draw: async () => ({ drawn: 0, cached: 0, warnings: [] }) };
  const plan = planShareImages(routed.routes, spec, routed.model);
  // The spec is typed by the site's model and pages; drawing reads neither.
  const drawing = spec as unknown as Parameters<typeof drawSharePictures>[1];
  return {
    images: plan.images,
    files: plan.jobs.map((job) => job.file),
    draw: (output) =>
      drawSharePictures(
        plan.jobs,
        drawing,
        () => spec.assets(routed.model, routed.root),
        { imagesDir: routed.imagesDir, contentDir: routed.contentDir, cache, memory },
        output,
      ),
  };
}

/** JavaScript one page loads. */
export interface PageBudget {
  path: string;
  islands: string[];
  bytes: number;
  gzip: number;
}

/** The JavaScript each page loads, in bytes and gzip bytes. */
export function pageBudgets(bundle: Bundle, pages: PageRecord[]): PageBudget[] {
  return pages.map((page) => {
    const entries = [
      bundle.siteScript,
      ...(page.islands.length ? [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)] : []),
    ];
    const { bytes, gzip } = measureScripts(bundle, entries);
    return { path: page.route.path, islands: page.islands, bytes, gzip };
  });
}
