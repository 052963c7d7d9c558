import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Cache, cacheKey } from '../cache/cache.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import {
  malformedSvg,
  oversizedImage,
  publishedAsIs,
  sanitizedSvg,
  svgOverLimit,
  unsupportedImage,
} from './image-errors.ts';
import { rasterFormatOf, unsupportedImageExtensions } from './raster-formats.ts';
import { readRasterInfo, type RasterInfo } from './read-raster-info.ts';
import { markupShape } from './markup-shape.ts';
import { svgSanitizer, svgSanitizerSalt } from './sanitize-svg.ts';
import { inputLimits } from '../input-limits.ts';
import { ContentFiles, fileFailure } from '../shared/read-content-file.ts';

/** An SVG image, published as it is (or as the sanitizer left it), with its intrinsic size. */
export interface SiteImage {
  url: string;
  source: string;
  width: number;
  height: number;
  /** What is published: the file's bytes, or the sanitized document when the sanitizer changed anything. */
  contents: Buffer;
}

/** A PNG, JPEG, WebP, AVIF or GIF image: the build publishes resized variants of it (cli/images). */
export interface RasterImage extends RasterInfo {
  url: string;
  source: string;
  /** SHA-256 of the file's bytes, in hex: variants are cached under it. */
  hash: string;
  /** The file's size in bytes. */
  bytes: number;
}

/** Every image under content/images. */
export interface ContentImages {
  svg: SiteImage[];
  raster: RasterImage[];
  /**
   * SVG files published without what the sanitizer removed (`image.svg-sanitized`), and animations published as they
   * are (`image.published-as-is`), one per file.
   */
  warnings: SiteError[];
}

export interface LoadImagesOptions {
  /** Reads the files; by default one for the content folder holding `folder`. */
  files?: ContentFiles;
  /** The public path the folder is published at. */
  urlPrefix?: string;
  /**
   * Where the SVG contents the sanitizer found clean are remembered (by hash), so it need not see
   * them again; none by default.
   */
  cache?: Cache;
}

/**
 * Reads every image under content/images. An SVG's size comes from its root element's width and
 * height (or its viewBox), so templates can always write `width` and `height` on `img`; a raster
 * image's from its header, read with sharp (its pixels are read only when it is processed).
 * Every entry must be a regular file inside the content folder, within its size limit; a
 * recursive listing does not enter linked folders. Every SVG is sanitized (see `checkSvg`).
 */
export async function loadImages(folder: string, options: LoadImagesOptions = {}): Promise<ContentImages> {
  const files = options.files ?? new ContentFiles(path.dirname(folder));
  const cache = options.cache ?? new Cache(undefined);
  const sources = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const errors: SiteError[] = [];
  const warnings: SiteError[] = [];
  const svg: SiteImage[] = [];
  const raster: RasterImage[] = [];
  const prefix = options.urlPrefix ?? '/images';
  const url = (source: string) => `${prefix}/${path.relative(folder, source).split(path.sep).join('/')}`;
  let salt: string | undefined;
  const svgChecks: SvgChecks = { cache, salt: () => (salt ??= svgSanitizerSalt()), errors, warnings };
  for (const source of sources) {
    const extension = path.extname(source).toLowerCase();
    if (extension === '.svg') {
      const image = await loadSvg(source, url(source), files, svgChecks);
      if (image) svg.push(image);
    } else if (rasterFormatOf(source)) {
      // One at a time: a header takes a millisecond, and at most one file's bytes are held.
      const image = await loadRaster(source, url(source), files).catch((error: unknown) => {
        errors.push(fileFailure(source, error));
      });
      if (image) raster.push(image);
      if (image?.asIs) warnings.push(publishedAsIs(source, image.asIs));
    } else if (unsupportedImageExtensions.includes(extension)) {
      errors.push(unsupportedImage(source, `${extension.slice(1).toUpperCase()} is not a format the build reads`));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { svg, raster, warnings };
}

/** What checking SVG files shares: the verdicts remembered, and where problems go. */
interface SvgChecks {
  cache: Cache;
  /** What the remembered verdicts depend on (see `svgSanitizerSalt`); read once, and only when an SVG is checked. */
  salt: () => string;
  errors: SiteError[];
  warnings: SiteError[];
}

async function loadSvg(
  source: string,
  url: string,
  files: ContentFiles,
  checks: SvgChecks,
): Promise<SiteImage | undefined> {
  try {
    const contents = files.readBytes(source, 'imageBytes');
    const text = contents.toString('utf8');
    const size = svgSize(text);
    if (!size) {
      checks.errors.push(
        new SiteError({
          code: 'content.image-size',
          message: 'SVG has no width and height of at least one pixel, nor a viewBox, on its root element',
          hint: 'Add width and height attributes (in pixels) to the <svg> element.',
          file: source,
          line: 1,
        }),
      );
      // The build stops on the error: nothing of this file is published, so it need not be sanitized.
      return { url, source, contents, width: 0, height: 0 };
    }
    const published = await checkSvg(source, contents, text, checks);
    return published && { url, source, contents: published, width: size.width, height: size.height };
  } catch (error) {
    checks.errors.push(fileFailure(source, error));
    return undefined;
  }
}

/**
 * What is published of an SVG (cli/images/sanitize-svg.ts), or undefined after an error.
 *
 * An SVG with more elements, or deeper nesting, than `inputLimits` allow is refused before the
 * sanitizer parses it: jsdom's time grows with every element's depth.
 *
 * A file the sanitizer changes is published sanitized, with an `image.svg-sanitized` warning
 * naming it and what was removed, rather than stopping the build: nothing removed is something
 * an illustration needs, what is left is safe to publish, and a logo exported with an editor's
 * metadata or a stray link should not block a deploy. A file that is not well-formed
 * XML, or not an SVG document, has nothing safe to publish and stays an error (`image.corrupt`).
 *
 * Only clean contents are remembered (by hash): a sanitized file is sanitized again on each
 * build, which warns each time until the file is fixed, and no cache holds bytes to publish.
 */
async function checkSvg(
  source: string,
  contents: Buffer,
  text: string,
  checks: SvgChecks,
): Promise<Buffer | undefined> {
  const { over } = markupShape(text, inputLimits.svgElements, inputLimits.svgDepth);
  if (over) {
    checks.errors.push(svgOverLimit(source, text, over));
    return undefined;
  }
  // The verdict is kept as an entry of the `images` cache under a key of the contents and the
  // sanitizer: an entry's bytes are verified when read, so only a verdict this sanitizer gave counts.
  const key = cacheKey('clean svg', checks.salt(), contents);
  if (checks.cache.get('images', key)?.toString() === 'clean') return contents;
  const verdict = (await svgSanitizer()).sanitize(text);
  switch (verdict.kind) {
    case 'clean':
      checks.cache.put('images', key, 'clean');
      return contents;
    case 'sanitized':
      checks.warnings.push(sanitizedSvg(source, verdict.removed));
      return Buffer.from(verdict.text, 'utf8');
    case 'malformed':
      checks.errors.push(malformedSvg(source, verdict.reason, verdict.line, verdict.column));
      return undefined;
  }
}

/** A raster image's hash and header, read from its file. */
async function loadRaster(source: string, url: string, files: ContentFiles): Promise<RasterImage> {
  const contents = withImageLimit(source, () => files.readBytes(source, 'rasterImageBytes'));
  const info = await readRasterInfo(source, contents);
  const hash = createHash('sha256').update(contents).digest('hex');
  return { url, source, hash, bytes: contents.length, ...info };
}

/** Reports a raster image over the byte limit as `image.too-large`, with the hint for images. */
function withImageLimit<T>(source: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SiteError && error.code === 'content.file-too-large') {
      throw oversizedImage(source, error.message);
    }
    throw error;
  }
}

function svgSize(svg: string): { width: number; height: number } | undefined {
  // indexOf rather than one regex: `<svg[^>]*>` retried at each of many `<svg` without a `>` is quadratic.
  const start = svg.search(/<svg\b/i);
  const end = start === -1 ? -1 : svg.indexOf('>', start);
  if (end === -1) return undefined;
  const root = svg.slice(start, end + 1);
  const attribute = (name: string) => new RegExp(`\\s${name}="([\\d.]+)(px)?"`).exec(root)?.[1];
  const width = Number(attribute('width'));
  const height = Number(attribute('height'));
  // A size that rounds to no pixel at all (`width="0.0001"`) is no size: pages would write width="0".
  if (Math.round(width) > 0 && Math.round(height) > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  const fromBox = viewBox
    ? { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) }
    : undefined;
  return fromBox && fromBox.width > 0 && fromBox.height > 0 ? fromBox : undefined;
}
