import { loadContent, type RawContent } from '../load/load-content.ts';
import { loadImages, type SiteImage } from '../load/load-images.ts';
import type { MarkdownBody } from '../render/markdown/render-all-markdown.ts';
import { contentFolder } from '../project-layout.js';

/** What the load step read: every content file and image, before validation. */
export interface LoadedSite {
  /** Project root: templates/ and client/ live here. */
  root: string;
  contentDir: string;
  raw: RawContent;
  images: SiteImage[];
}

/** Load: reads all content and images under `contentDir`. */
export async function loadInputs(root: string, contentDir: string): Promise<LoadedSite> {
  const [raw, images] = await Promise.all([loadContent(contentDir), loadImages(contentFolder(contentDir, 'images'))]);
  return { root, contentDir, raw, images };
}

/** Every Markdown body of the site: posts, guides and legal pages. */
export function markdownSources(raw: RawContent): MarkdownBody[] {
  return [...raw.posts, ...raw.guides, ...raw.legal];
}
