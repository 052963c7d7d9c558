import { SiteError } from '../errors.ts';
import { formatBytes, inputLimits } from '../load/input-limits.ts';
import { supportedFormatNames } from './raster-formats.ts';

// The problems an image file can have, each with what to do about it. An image has no lines,
// so these name the image file; a missing image is reported where it is referenced instead.

const exportHint = 'Export it as PNG (screenshots, diagrams) or JPEG (photos)';

/** The file cannot be decoded: damaged, cut short, or not an image at all. */
export function corruptImage(file: string, detail: string, cause?: unknown): SiteError {
  return new SiteError({
    code: 'image.corrupt',
    message: `cannot be decoded: ${detail}`,
    hint: 'The file is damaged or incomplete (a copy or download cut short?): export it again from the original.',
    file,
    cause,
  });
}

/** A format the build does not read, or contents that are not the format the extension says. */
export function unsupportedImage(file: string, what: string): SiteError {
  return new SiteError({
    code: 'image.unsupported-format',
    message: what,
    hint: `${exportHint}; the build reads ${supportedFormatNames}.`,
    file,
  });
}

/** Over the size limit in bytes, in pixels on a side, or in pixels of all the frames of an animation. */
export function oversizedImage(file: string, what: string): SiteError {
  const { rasterImageBytes, rasterImageSide } = inputLimits;
  return new SiteError({
    code: 'image.too-large',
    message: what,
    hint: `Export it smaller: at most ${formatBytes(rasterImageBytes)} and ${rasterImageSide.toLocaleString('en')} px on a side (pages show at most 1600 px).`,
    file,
  });
}

/** Anything else that went wrong while processing one image, such as a full disk. */
export function processingFailed(file: string, error: unknown): SiteError {
  const detail = error instanceof Error ? error.message : String(error);
  return new SiteError({
    code: 'image.process-failed',
    message: `could not be processed: ${detail}`,
    hint: 'Check that the cache folder (node_modules/.cache/sitegen/images) is writable and the disk has room, then build again.',
    file,
    cause: error,
  });
}
