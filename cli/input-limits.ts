// The limits on what one content file may hold, in one place so docs/security.md can list them.
// Each default is far above what ordinary content holds (a post of a few KB, an Excalidraw
// drawing of a megabyte or two, an animated screen recording), and low enough that a file at
// the limit is handled in time linear in its size and a hostile file is refused before it is
// read whole. A site whose content needs more raises a limit in its definition (`limits`).

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/** Most a content file of each kind may hold; a file over its limit is a located error. */
export const defaultInputLimits = Object.freeze({
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
  /**
   * An SVG image in content/images or a page bundle. The sanitizer's time grows in step with
   * an SVG's bytes and elements well past this (docs/benchmarks.md, "SVG sanitizer"): drawings
   * exported with their scene and fonts inside (Excalidraw's) fit many times over.
   */
  imageBytes: 16 * megabyte,
  /**
   * Elements in an SVG, and how deep they nest: the sanitizer's DOM (jsdom) takes time in step
   * with the elements, and the limit keeps one file's share of a build bounded; a file past
   * either is refused before jsdom parses it.
   */
  svgElements: 80_000,
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
  /**
   * Pixels of all the frames of an animated GIF or WebP together (50 frames of 1000 × 1000)
   * that the build resizes into smaller variants; a longer animation is published as it is,
   * with a warning (as Hugo and Astro publish one).
   */
  animationPixels: 50_000_000,
  /** Files and folders `sitegen import` walks in the folder it reads. */
  importEntries: 20_000,
  /** Folders inside folders that `sitegen import` walks. */
  importDepth: 24,
});

/** The input limits, by name. */
export type InputLimits = { -readonly [Name in keyof typeof defaultInputLimits]: number };

/** The limits in force: the defaults, raised where the site's definition says (`useInputLimits`). */
const inForce: InputLimits = { ...defaultInputLimits };

/** The limits in force, read when each file is checked. */
export const inputLimits: Readonly<InputLimits> = inForce;

/**
 * Puts the site's limits in force for what this process reads next: its definition's `limits`
 * over the defaults (any other limit back at its default). Each build, `dev` rebuild and import
 * calls it before it reads content. Returns why a value cannot be a limit, naming it, or
 * undefined.
 */
export function useInputLimits(site: Partial<Record<string, unknown>> | undefined): string | undefined {
  const given = site ?? {};
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(defaultInputLimits, name))
      return `limits.${name} is no limit of the build (${Object.keys(defaultInputLimits).join(', ')})`;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
      return `limits.${name}: ${JSON.stringify(value)} is not a whole number of at least 1`;
  }
  Object.assign(inForce, defaultInputLimits, given);
  return undefined;
}

/** What to do about a file over each byte limit, said beside the limit in the error. */
export const byteLimitHints = Object.freeze({
  markdownBytes:
    'A Markdown file this large usually carries data: move long logs, data or embedded (base64) images into files beside the post in a page bundle and link to them, or split a long text into a series.',
  jsonBytes:
    'A dataset holds the words and settings of pages: move long texts into Markdown files of a collection, and pictures into the images folder.',
  imageBytes:
    'Simplify the drawing (fewer points, paths merged, embedded bitmaps taken out), export it as PNG or JPEG, or raise `limits.imageBytes` in the site definition.',
  rasterImageBytes:
    'Export it smaller: pages show at most 1600 px, so a JPEG at quality 85 or a PNG of that width is plenty.',
  bundleFileBytes: 'Static hosts refuse larger files: put it on a file or video host and link to it from the post.',
});

/** A byte limit of `inputLimits` with advice of its own. */
export type ByteLimit = keyof typeof byteLimitHints;

/** A byte count as docs and error messages write it: `2 MB`, `64 KB`, `2.4 MB`, `900 bytes`. */
export function formatBytes(bytes: number): string {
  const [unit, size] = bytes >= megabyte ? ['MB', megabyte] : bytes >= kilobyte ? ['KB', kilobyte] : ['bytes', 1];
  return `${Number((bytes / size).toFixed(1))} ${unit}`;
}
