// The raster formats content/images may hold, and what each is published as. No Node or sharp
// imports: the Markdown renderer checks image paths with it in worker threads.

/** A raster format the build reads and writes. */
export type RasterFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

const extensions: Record<string, RasterFormat> = {
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.png': 'png',
  '.webp': 'webp',
  '.avif': 'avif',
  '.gif': 'gif',
};

/** The media type a `<source type>` names for each format. */
export const mediaTypes: Record<RasterFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

/** The file extension a variant in each format gets (a JPEG keeps `.jpeg` when its source has it). */
export const variantExtensions: Record<RasterFormat, string> = {
  jpeg: '.jpg',
  png: '.png',
  webp: '.webp',
  avif: '.avif',
  gif: '.gif',
};

/** Extensions of every image file the build publishes: the raster formats and SVG. */
export const imageExtensions = ['.svg', ...Object.keys(extensions)];

/**
 * Image formats an author may try that the build does not read; such a file is an error rather than
 * left out unseen.
 */
export const unsupportedImageExtensions = ['.bmp', '.tif', '.tiff', '.heic', '.heif', '.jxl', '.jp2', '.psd'];

/** The names the README and error messages use. */
export const supportedFormatNames = 'PNG, JPEG, WebP, AVIF, GIF and SVG';

/** The raster format a file name's extension promises, if it is one the build processes. */
export function rasterFormatOf(name: string): RasterFormat | undefined {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? undefined : extensions[name.slice(dot).toLowerCase()];
}

/** Whether a file name has the extension of an image the build publishes (raster or SVG). */
export function isImageFile(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot !== -1 && imageExtensions.includes(name.slice(dot).toLowerCase());
}

/**
 * The formats an image is published in, best first; the last is what `<img>` itself loads.
 * A still image gets AVIF and WebP beside its own format (an AVIF original falls back to WebP,
 * which every current browser reads); an animation gets animated WebP beside its own format,
 * as AVIF output cannot hold an animation.
 */
export function outputFormats(format: RasterFormat, animated: boolean): RasterFormat[] {
  const wanted: RasterFormat[] = animated ? ['webp', format] : ['avif', 'webp', format];
  return wanted.filter((entry, index) => wanted.indexOf(entry) === index);
}
