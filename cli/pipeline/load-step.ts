import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { loadBundles, type LoadedBundle } from '../load/bundles.ts';
import { loadContent, type RawContent } from '../load/load-content.ts';
import { loadImages, type ContentImages } from '../images/load-images.ts';
import { ContentFiles } from '../shared/read-content-file.ts';

/** What the load step read: every content file and image, before validation. */
export interface LoadedStep {
  site: LoadedSite;
  root: string;
  contentDir: string;
  raw: RawContent;
  images: ContentImages;
  /** The page bundles of the collections, by folder: their images and other files. */
  bundles: Map<string, LoadedBundle>;
  /** The content's images folder. */
  imagesDir: string;
}

/**
 * Load: reads every content file the site names, every image of its images folder (each SVG
 * sanitized: cli/images/sanitize-svg.ts) and what each page bundle holds beside its `index.md`.
 */
export async function loadStep(site: LoadedSite, root: string, contentDir: string, cache?: Cache): Promise<LoadedStep> {
  const spec = site.definition.content;
  const imagesDir = path.join(contentDir, spec.images);
  const [raw, images] = await Promise.all([loadContent(contentDir, spec), loadImages(imagesDir, { cache })]);
  const bundles = await loadBundles(raw, new ContentFiles(contentDir), spec.collections, cache);
  return { site, root, contentDir, raw, images, bundles, imagesDir };
}
