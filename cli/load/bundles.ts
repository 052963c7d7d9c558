// Page bundles, as Hugo has them: an entry that is a folder, `<name>/index.md`, with the images
// and files it uses beside it. Loading reads what a bundle holds; where its files are published
// is decided once the entry is validated (cli/validate/place-bundles.ts), beside the entry's page.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import type { CollectionSpec } from '../config/content-spec.ts';
import { collectSiteErrors, type SiteError } from '../errors.ts';
import { rasterFormatOf, unsupportedImageExtensions } from '../images/raster-formats.ts';
import { attachmentExtensions, bundleFileKind, unreachableName } from './bundle-files.ts';
import { loadImages, type ContentImages } from '../images/load-images.ts';
import type { RawContent } from './load-content.ts';
import { ContentFiles, fileFailure } from '../shared/read-content-file.ts';

/** The file a page bundle keeps its text in. */
export const bundleIndex = 'index.md';

/** A file of a page bundle published as it is (a PDF, a video). */
export interface BundleFile {
  source: string;
  /** Its path inside the bundle, with `/`: `slides/talk.pdf`. */
  path: string;
  /** A kind the site added (`bundles.attachments`): published as a download (bundle-files.ts). */
  attachment?: true;
}

/** What a page bundle holds besides its `index.md`. */
export interface LoadedBundle {
  /** The bundle's folder. */
  folder: string;
  /**
   * Its images, read as the images folder's are; each URL is its path inside the bundle
   * (`/shots/run.png`) until it is placed.
   */
  images: ContentImages;
  files: BundleFile[];
  /**
   * What is wrong with its files (too large, a link out of the content folder, an image that
   * cannot be read): errors when its entry is built, warnings for a draft left out.
   */
  problems: SiteError[];
}

/**
 * Reads every page bundle of the loaded collections, by folder; `specs` are the collections as the
 * site defines them.
 */
export async function loadBundles(
  raw: RawContent,
  files: ContentFiles,
  specs: Record<string, CollectionSpec>,
  cache?: Cache,
): Promise<Map<string, LoadedBundle>> {
  // One at a time, as the images folder is read: at most one file's bytes are held.
  const bundles = new Map<string, LoadedBundle>();
  for (const [name, collection] of Object.entries(raw.collections)) {
    const attachments = attachmentExtensions(specs[name]?.bundles?.attachments);
    for (const file of collection)
      if (file.bundle) bundles.set(file.bundle, await loadBundle(file.bundle, files, attachments, cache));
  }
  return bundles;
}

/**
 * Reads one bundle: its images as `loadImages` reads the images folder (each SVG sanitized),
 * every other file checked (a kind a bundle publishes, a regular file inside the content folder,
 * within its limit) but not yet read. Every path inside the bundle must be one a link can reach.
 * Hidden files (`.DS_Store`) are left out.
 */
async function loadBundle(
  folder: string,
  files: ContentFiles,
  attachments: ReadonlySet<string>,
  cache?: Cache,
): Promise<LoadedBundle> {
  const problems: SiteError[] = [];
  const images = await loadImages(folder, { files, urlPrefix: '', cache }).catch((error: unknown) => {
    problems.push(...(collectSiteErrors(error) ?? [fileFailure(folder, error)]));
    return { svg: [], raster: [], warnings: [] };
  });
  const listed = (await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const plain: BundleFile[] = [];
  for (const source of listed) {
    const inside = path.relative(folder, source).split(path.sep);
    if (inside.join('/') === bundleIndex || inside.some((part) => part.startsWith('.'))) continue;
    const unreachable = unreachableName(source, inside.join('/'));
    if (unreachable) problems.push(unreachable);
    if (isImage(source)) continue;
    const kind = bundleFileKind(source, attachments);
    if (typeof kind !== 'string') {
      problems.push(kind);
      continue;
    }
    try {
      files.check(source, 'bundleFileBytes');
      plain.push({ source, path: inside.join('/'), ...(kind === 'attachment' ? { attachment: true as const } : {}) });
    } catch (error) {
      problems.push(fileFailure(source, error));
    }
  }
  return { folder, images, files: plain, problems };
}

/** An image `loadImages` reads, or refuses as a format the build does not read. */
function isImage(file: string): boolean {
  const extension = path.extname(file).toLowerCase();
  return extension === '.svg' || rasterFormatOf(file) !== undefined || unsupportedImageExtensions.includes(extension);
}
