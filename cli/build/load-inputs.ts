import path from 'node:path';
import type { SiteError } from '../errors.ts';
import { SourceIndex } from '../images/source-index.ts';
import { FrontMatterCache } from '../load/front-matter-cache.ts';
import { loadContent, type RawContent } from '../load/load-content.ts';
import { loadImages, type RasterImage, type SiteImage } from '../load/load-images.ts';
import type { MarkdownBody } from '../render/markdown/render-all-markdown.ts';
import { contentFolder } from '../project-layout.ts';

/** What the load step read: every content file and image, before validation. */
export interface LoadedSite {
  /** Project root: templates/ and client/ live here. */
  root: string;
  contentDir: string;
  raw: RawContent;
  /** SVG images, published as they are, or sanitized. */
  images: SiteImage[];
  /** The SVG images published sanitized (`image.svg-sanitized`): the build warns of them. */
  imageWarnings: SiteError[];
  /** PNG, JPEG, WebP, AVIF and GIF images, published as variants (the images step). */
  rasterImages: RasterImage[];
}

/**
 * Load: reads all content and images under `contentDir`. With an image cache folder, a raster
 * image unchanged since the last build is not read again (its hash and header are remembered there);
 * with a front matter cache file, front matter unchanged since the last build is not parsed again.
 */
export async function loadInputs(root: string, contentDir: string, imageCacheDir?: string, frontMatterCacheFile?: string): Promise<LoadedSite> {
  const index = await SourceIndex.open(imageCacheDir && path.join(imageCacheDir, 'sources.json'));
  const loadingImages = loadImages(contentFolder(contentDir, 'images'), { index }).finally(() => index.save().catch(() => undefined));
  const frontMatter = frontMatterCacheFile ? FrontMatterCache.open(frontMatterCacheFile) : undefined;
  const loadingContent = loadContent(contentDir, frontMatter).then((raw) => {
    frontMatter?.save();
    return raw;
  });
  const [raw, images] = await Promise.all([loadingContent, loadingImages]);
  return { root, contentDir, raw, images: images.svg, imageWarnings: images.warnings, rasterImages: images.raster };
}

/** Every Markdown body of the site: posts, guides and legal pages. */
export function markdownSources(raw: RawContent): MarkdownBody[] {
  return [...raw.posts, ...raw.guides, ...raw.legal];
}
