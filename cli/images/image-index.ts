import type { SiteImage } from './load-images.ts';
import type { ImageEntry } from './picture-sources.ts';
import type { ImagePlan } from './variant-plan.ts';

/**
 * Every image of content/images by public path, as templates look them up: SVG by size, raster
 * images with their variants.
 */
export function imageIndex(svg: SiteImage[], plans: ImagePlan[]): Map<string, ImageEntry> {
  const index = new Map<string, ImageEntry>(
    svg.map((image) => [image.url, { width: image.width, height: image.height }]),
  );
  for (const { image, variants } of plans) {
    index.set(image.url, {
      width: image.width,
      height: image.height,
      variants: variants.map(({ url, width, format }) => ({ url, width, format })),
    });
  }
  return index;
}
