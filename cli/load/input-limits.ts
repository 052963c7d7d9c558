// The limits on what one content file may hold, in one place so docs/content.md can list them. Each
// is far above what the site needs (its largest post is 10 KB, its deepest dataset 6 levels),
// and low enough that a file at the limit loads in well under a second and a hostile file is
// refused before it is read whole.

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/** Most a content file of each kind may hold; a file over its limit is a located error. */
export const inputLimits = Object.freeze({
  /** A Markdown file of a collection, front matter included. */
  markdownBytes: 2 * megabyte,
  /** The YAML between the front-matter fences. */
  frontMatterBytes: 64 * kilobyte,
  /** Nested mappings and lists in front matter. */
  frontMatterDepth: 16,
  /** A JSON dataset in content/data. */
  jsonBytes: 1 * megabyte,
  /** Nested objects and arrays in a JSON dataset. */
  jsonDepth: 32,
  /** An SVG image in content/images. */
  imageBytes: 1 * megabyte,
  /**
   * Elements in an SVG, and how deep they nest: the sanitizer's DOM (jsdom) takes time that grows
   * with every element's depth, so a megabyte of nested groups would hold a build for minutes.
   */
  svgElements: 20_000,
  svgDepth: 100,
  /** A PNG, JPEG, WebP, AVIF or GIF image in content/images. */
  rasterImageBytes: 25 * megabyte,
  /** Pixels on either side of a raster image (of each frame, for an animation). */
  rasterImageSide: 12_000,
  /** Pixels of all the frames of an animated GIF or WebP together (50 frames of 1000 × 1000). */
  animationPixels: 50_000_000,
});

/** A byte count as docs and error messages write it: `2 MB`, `64 KB`. */
export function formatBytes(bytes: number): string {
  return bytes >= megabyte ? `${bytes / megabyte} MB` : `${bytes / kilobyte} KB`;
}
