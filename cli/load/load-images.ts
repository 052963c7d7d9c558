import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SiteError, SiteErrorList } from '../errors.ts';
import { oversizedImage, unsupportedImage } from '../images/image-errors.ts';
import { rasterFormatOf, unsupportedImageExtensions } from '../images/raster-formats.ts';
import { readRasterInfo, type RasterInfo } from '../images/read-raster-info.ts';
import { inputLimits } from './input-limits.ts';
import { ContentFiles, fileFailure } from './read-content-file.ts';

/** An SVG image, copied into the output as it is, with its intrinsic size. */
export interface SiteImage {
  url: string;
  source: string;
  width: number;
  height: number;
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
}

export interface LoadImagesOptions {
  /** Reads the files; by default one for the content folder holding `folder`. */
  files?: ContentFiles;
  /** The public path the folder is published at. */
  urlPrefix?: string;
}

/**
 * Reads every image under content/images. An SVG's size comes from its root element's width and
 * height (or its viewBox), so templates can always write `width` and `height` on `img`; a raster
 * image's from its header, read with sharp (its pixels are read only when it is processed).
 * Every entry must be a regular file inside the content folder, within its size limit; a
 * recursive listing does not enter linked folders.
 */
export async function loadImages(folder: string, options: LoadImagesOptions = {}): Promise<ContentImages> {
  const files = options.files ?? new ContentFiles(path.dirname(folder));
  const sources = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const errors: SiteError[] = [];
  const svg: SiteImage[] = [];
  const raster: RasterImage[] = [];
  const prefix = options.urlPrefix ?? '/images';
  const url = (source: string) => `${prefix}/${path.relative(folder, source).split(path.sep).join('/')}`;
  for (const source of sources) {
    const extension = path.extname(source).toLowerCase();
    if (extension === '.svg') {
      const image = loadSvg(source, url(source), files, errors);
      if (image) svg.push(image);
    } else if (rasterFormatOf(source)) {
      // One at a time: a header takes a millisecond, and at most one file's bytes are held.
      const image = await loadRaster(source, url(source), files).catch((error: unknown) => {
        errors.push(fileFailure(source, error));
      });
      if (image) raster.push(image);
    } else if (unsupportedImageExtensions.includes(extension)) {
      errors.push(unsupportedImage(source, `${extension.slice(1).toUpperCase()} is not a format the build reads`));
    }
  }
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { svg, raster };
}

function loadSvg(source: string, url: string, files: ContentFiles, errors: SiteError[]): SiteImage | undefined {
  try {
    const contents = files.readBytes(source, inputLimits.imageBytes);
    const size = svgSize(contents.toString('utf8'));
    if (!size) errors.push(new SiteError({ code: 'content.image-size', message: 'SVG has no width/height or viewBox on its root element', hint: 'Add width and height attributes to the <svg> element.', file: source, line: 1 }));
    return { url, source, contents, width: size?.width ?? 0, height: size?.height ?? 0 };
  } catch (error) {
    errors.push(fileFailure(source, error));
    return undefined;
  }
}

/** A raster image's hash and header, read from its file. */
async function loadRaster(source: string, url: string, files: ContentFiles): Promise<RasterImage> {
  const contents = withImageLimit(source, () => files.readBytes(source, inputLimits.rasterImageBytes));
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
  if (width > 0 && height > 0) return { width: Math.round(width), height: Math.round(height) };
  const viewBox = /\sviewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(root);
  return viewBox ? { width: Math.round(Number(viewBox[1])), height: Math.round(Number(viewBox[2])) } : undefined;
}
