import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { SiteError } from '../errors.ts';
import { useInputLimits } from '../input-limits.ts';
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
 * Load: puts the site's input limits in force, then reads every content file the site names, every image of its images
 * folder (each SVG
 * sanitized: cli/images/sanitize-svg.ts) and what each page bundle holds beside its `index.md`.
 */
export async function loadStep(site: LoadedSite, root: string, contentDir: string, cache?: Cache): Promise<LoadedStep> {
  useSiteLimits(site);
  const spec = site.definition.content;
  const imagesDir = path.join(contentDir, spec.images);
  const [raw, images] = await Promise.all([loadContent(contentDir, spec), loadImages(imagesDir, { cache })]);
  const bundles = await loadBundles(raw, new ContentFiles(contentDir), spec.collections, cache);
  return { site, root, contentDir, raw, images, bundles, imagesDir };
}

/**
 * Puts the site's input limits (its definition's `limits`) in force before anything is read; a value that is no limit
 * is `config.invalid` at the definition.
 */
export function useSiteLimits(site: LoadedSite): void {
  const problem = useInputLimits(site.definition.limits);
  if (problem)
    throw new SiteError({
      code: 'config.invalid',
      message: problem,
      hint: 'Leave a limit out for its default (docs/security.md lists them), or give a whole number.',
      file: site.file,
    });
}
