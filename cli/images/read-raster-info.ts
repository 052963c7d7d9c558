import { inputLimits } from '../input-limits.ts';
import { corruptImage, oversizedImage, unsupportedImage } from './image-errors.ts';
import { rasterFormatOf, type RasterFormat } from './raster-formats.ts';
import { loadSharp } from './sharp-runtime.ts';

/** What the build needs to know of a raster image before it processes it. */
export interface RasterInfo {
  format: RasterFormat;
  /** Width and height as the image is shown: an EXIF rotation by a quarter turn swaps them. */
  width: number;
  height: number;
  /** A GIF or WebP with more than one frame. */
  animated: boolean;
  /**
   * Why the image is published as it is, without smaller variants: an animation with more
   * pixels in all its frames than the build resizes (`inputLimits.animationPixels`).
   */
  asIs?: string;
}

/** Names of the formats sharp reports, for messages. */
const formatNames: Record<string, string> = {
  jpeg: 'JPEG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  avif: 'AVIF',
  heif: 'HEIF',
  tiff: 'TIFF',
  svg: 'SVG',
  jp2: 'JPEG 2000',
  jxl: 'JPEG XL',
  pdf: 'PDF',
  magick: 'ImageMagick',
  raw: 'raw pixels',
};

/**
 * Reads an image's header (never its pixels): its format, which must be the one its extension
 * names, and its size, which must be within the limits. Throws a `SiteError` naming the file.
 */
export async function readRasterInfo(file: string, bytes: Buffer): Promise<RasterInfo> {
  const expected = rasterFormatOf(file);
  if (!expected) throw unsupportedImage(file, 'is not a PNG, JPEG, WebP, AVIF or GIF file');
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (/unsupported image format/i.test(detail))
      throw unsupportedImage(file, `is not an image in a format the build reads (${detail})`);
    throw corruptImage(file, detail, error);
  }
  const format = metadata.format === 'heif' ? (metadata.compression === 'av1' ? 'avif' : 'heif') : metadata.format;
  if (format !== expected) {
    const name = formatNames[format] ?? format;
    const known = rasterFormatOf(`.${format}`);
    throw unsupportedImage(
      file,
      known
        ? `is a ${name} file named like a ${formatNames[expected]} one: rename it to end in .${format === 'jpeg' ? 'jpg' : format}`
        : `is a ${name} file, a format the build does not read`,
    );
  }
  const { width = 0, height = 0, pages = 1, orientation = 1 } = metadata;
  const frameHeight = metadata.pageHeight ?? height;
  if (width <= 0 || frameHeight <= 0) throw corruptImage(file, 'the header gives no width or height');
  const side = inputLimits.rasterImageSide;
  if (width > side || frameHeight > side) {
    throw oversizedImage(
      file,
      `is ${width} × ${frameHeight} px, more than ${side.toLocaleString('en')} px on a side`,
      'side',
    );
  }
  const animated = (format === 'gif' || format === 'webp') && pages > 1;
  const turned = orientation >= 5 && orientation <= 8;
  const size: RasterInfo = {
    format: expected,
    width: turned ? frameHeight : width,
    height: turned ? width : frameHeight,
    animated,
  };
  // Resizing every frame of a long animation takes memory and time in step with all its pixels:
  // such a file is published as it was made (Hugo and Astro publish one so too).
  if (animated && width * frameHeight * pages > inputLimits.animationPixels) {
    return {
      ...size,
      asIs: `has ${pages} frames of ${width} × ${frameHeight} px, more than the ${inputLimits.animationPixels.toLocaleString('en')} px in all that the build resizes`,
    };
  }
  return size;
}
