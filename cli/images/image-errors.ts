import { SiteError } from '../errors.ts';
import { byteLimitHints, inputLimits } from '../input-limits.ts';
import { offsetToLineColumn } from '../shared/locate-field.ts';
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

/** An SVG that is not well-formed XML, or whose root is not an SVG `<svg>`: browsers show an error instead of it. */
export function malformedSvg(file: string, reason: string, line?: number, column?: number): SiteError {
  return new SiteError({
    code: 'image.corrupt',
    message: `cannot be read as SVG: ${reason}`,
    hint: 'Fix the markup at that place, or export the file again from the original.',
    file,
    line,
    column,
  });
}

/**
 * An SVG with more elements, or elements nested deeper, than the sanitizer is given: at the start
 * tag past the limit.
 */
export function svgOverLimit(
  file: string,
  text: string,
  over: { limit: 'elements' | 'depth'; offset: number },
): SiteError {
  const { svgElements, svgDepth } = inputLimits;
  const place = { file, ...offsetToLineColumn(text, over.offset) };
  return over.limit === 'elements'
    ? new SiteError({
        code: 'content.file-too-large',
        message: `SVG has more than ${svgElements.toLocaleString('en')} elements`,
        hint: 'Simplify the drawing (fewer shapes, paths merged), or export it as PNG.',
        ...place,
      })
    : new SiteError({
        code: 'content.too-deep',
        message: `SVG nests elements more than ${svgDepth} deep`,
        hint: 'Ungroup the drawing in its editor, or export it as PNG.',
        ...place,
      });
}

/** Removals listed in one warning; a file holding more is summed up. */
const removalsShown = 8;

/**
 * An SVG published sanitized (cli/images/sanitize-svg.ts): a warning, not an error (see
 * `checkSvg` in cli/images/load-images.ts). It names what was removed, so the author can tell
 * whether the picture changed.
 */
export function sanitizedSvg(file: string, removed: string[]): SiteError {
  const listed =
    removed.length > removalsShown
      ? [...removed.slice(0, removalsShown), `and ${removed.length - removalsShown} more`]
      : removed;
  return new SiteError({
    code: 'image.svg-sanitized',
    message: listed.length > 0 ? `published without ${listed.join(', ')}` : 'published as the sanitizer rewrote it',
    hint: 'An image published on the site may hold no script, event handler, HTML, link to another file or javascript:/data: URL: remove these from the file (or export it again as plain SVG) so that what is published is what you wrote.',
    file,
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

/** Over the size limit in bytes, or in pixels on a side; the hint says what to do about that one. */
export function oversizedImage(file: string, what: string, over: 'bytes' | 'side' = 'bytes'): SiteError {
  const { rasterImageSide } = inputLimits;
  const hints = {
    bytes: byteLimitHints.rasterImageBytes,
    side: `Export it at most ${rasterImageSide.toLocaleString('en')} px on a side; pages show at most 1600 px, so 3200 px is plenty even for zooming.`,
  };
  return new SiteError({ code: 'image.too-large', message: what, hint: hints[over], file });
}

/** An animation too long to resize, published as it was made (read-raster-info.ts): a warning, not an error. */
export function publishedAsIs(file: string, why: string): SiteError {
  return new SiteError({
    code: 'image.published-as-is',
    message: `${why}, so it is published as it is, without smaller variants`,
    hint: 'Visitors download the whole file, whatever their screen: make it smaller or shorter, publish it as a video beside the post, or raise `limits.animationPixels` in the site definition to have it resized.',
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
