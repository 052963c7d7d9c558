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
  /** A PNG, JPEG, WebP, AVIF or GIF image in content/images or a page bundle. */
  rasterImageBytes: 25 * megabyte,
  /**
   * Any other file of a page bundle (a PDF, a video), published as it is: Cloudflare Pages
   * refuses files over 25 MiB, so a larger one would build here and fail to deploy.
   */
  bundleFileBytes: 25 * megabyte,
  /** Pixels on either side of a raster image (of each frame, for an animation). */
  rasterImageSide: 12_000,
  /** Pixels of all the frames of an animated GIF or WebP together (50 frames of 1000 × 1000). */
  animationPixels: 50_000_000,
});

/** What to do about a file over each byte limit, said beside the limit in the error. */
export const byteLimitHints = Object.freeze({
  markdownBytes: 'A Markdown file this large usually carries data: move long logs, data or embedded (base64) images into files beside the post in a page bundle and link to them, or split a long text into a series.',
  jsonBytes: 'A dataset holds the words and settings of pages: move long texts into Markdown files of a collection, and pictures into the images folder.',
  imageBytes: `Simplify the drawing (fewer points, paths merged, embedded bitmaps taken out), or export it as PNG or JPEG, which may be up to ${formatBytes(inputLimits.rasterImageBytes)}.`,
  rasterImageBytes: 'Export it smaller: pages show at most 1600 px, so a JPEG at quality 85 or a PNG of that width is plenty.',
  bundleFileBytes: 'Static hosts refuse larger files: put it on a file or video host and link to it from the post.',
});

/** A byte limit of `inputLimits` with advice of its own. */
export type ByteLimit = keyof typeof byteLimitHints;

/** A byte count as docs and error messages write it: `2 MB`, `64 KB`, `2.4 MB`, `900 bytes`. */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= megabyte ? ['MB', megabyte] : bytes >= kilobyte ? ['KB', kilobyte] : ['bytes', 1];
  return `${Number((bytes / size).toFixed(1))} ${unit}`;
}
