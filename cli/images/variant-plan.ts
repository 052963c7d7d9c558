import { createHash } from 'node:crypto';
import path from 'node:path';
import type { RasterImage } from './load-images.ts';
import { packageVersion } from '../cache/engine-identity.ts';
import { encoderSettingsText } from './encode-options.ts';
import { outputFormats, variantExtensions, type RasterFormat } from './raster-formats.ts';

/** The widths an image is published at; pages never show an image wider than 1600 px, even at 2×. */
export const variantWidths = [400, 800, 1200, 1600] as const;
export const maxVariantWidth = variantWidths[variantWidths.length - 1]!;

/** Bump when variants change for the same source, encoder settings and sharp version. */
const planVersion = 1;

/** One file the build publishes for an image: a width in a format. */
export interface ImageVariant {
  /** Its public path, named by width and content: /images/posts/shot-800w.1a2b3c4d5e.webp */
  url: string;
  width: number;
  height: number;
  format: RasterFormat;
  /** Cache key: a hash of the source's bytes and of everything that shapes this file. */
  key: string;
}

/** Everything the build publishes for one raster image. */
export interface ImagePlan {
  image: RasterImage;
  /** By format (best first, the `<img>` fallback last), then by width (narrowest first). */
  variants: ImageVariant[];
  /**
   * The widest variant in the image's own format, also published at the image's own URL; none for an image published as
   * it is.
   */
  canonical?: ImageVariant;
}

/**
 * The widths to publish an image at: the standard ones it is wide enough for, then its own
 * width up to 1600 px. Never wider than the image (no upscaling); a step within a fifth of the
 * widest is left out, as it would hardly differ from it.
 */
export function responsiveWidths(width: number): number[] {
  const widest = Math.min(width, maxVariantWidth);
  return [...variantWidths.filter((step) => step <= widest * 0.8), widest];
}

/** The variants of one image, in every output format and width. */
export function planImage(image: RasterImage, salt = planSalt()): ImagePlan {
  // An image published as it is (`asIs`) has no variants: its own file is its only one.
  if (image.asIs) return { image, variants: [] };
  const formats = outputFormats(image.format, image.animated);
  const widths = responsiveWidths(image.width);
  const folder = path.posix.dirname(image.url);
  const stem = path.posix.basename(image.url, path.posix.extname(image.url));
  const variants = formats.flatMap((format) =>
    widths.map((width): ImageVariant => {
      const key = createHash('sha256').update(`${salt}\n${image.hash}\n${format}\n${width}`).digest('hex');
      const height = Math.max(1, Math.round((image.height * width) / image.width));
      return {
        url: `${folder}/${stem}-${width}w.${key.slice(0, 10)}${variantExtensions[format]}`,
        width,
        height,
        format,
        key,
      };
    }),
  );
  const canonical = variants.filter((variant) => variant.format === image.format).at(-1)!;
  return { image, variants, canonical };
}

let salt: string | undefined;

/**
 * What every cache key is salted with: the plan version, the encoder settings and sharp's version
 * (which fixes libvips').
 */
export function planSalt(): string {
  salt ??= `${planVersion} sharp@${packageVersion('sharp')} ${encoderSettingsText}`;
  return salt;
}
