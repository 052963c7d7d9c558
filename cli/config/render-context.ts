import type { MarkdownCopySpec, PageSpec } from './site-definition.ts';
import type { ImageEntry } from '../images/picture-sources.ts';
import type { ShareImages } from './share-card-spec.ts';
import type { LinkOrigin } from '../shared/link-origins.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';

/** One output page: its path, its public address, its file under the output folder and what it renders. */
export interface Route<Page extends PageSpec = PageSpec> {
  /** The page's key: `/` or a path without a trailing slash (`/blog/a`). */
  path: string;
  /** Where visitors and search engines find it, under the site's trailing-slash policy (`/blog/a/`). */
  url: string;
  file: string;
  page: Page;
  /** The content file the page comes from, for error messages. */
  source: string;
  /** Listed in the sitemap (everything but the 404 page). */
  indexable: boolean;
  /** Markdown files whose rendered bodies the page shows. */
  bodies: string[];
  lastModified?: Date;
  /**
   * The page's Markdown copy: its file under the output folder and its address (`blog/a/index.md`, `/blog/a/index.md`),
   * and what it holds.
   */
  copy?: { file: string; url: string; spec: MarkdownCopySpec };
}

/** Every image of the content's images folder by public path: its width and height, and a raster image's variants. */
export type ImageIndex = ReadonlyMap<string, ImageEntry>;

/** Files the page links to that the build produced (hashed names). */
export interface PageAssets {
  stylesheet: string;
  /** The small script every page loads. */
  siteScript?: string;
  /** Bundle URL of each island, by island name. */
  islands?: Record<string, string>;
  /** The web fonts the stylesheet loads (hashed WOFF2 files), for pages to preload. */
  fonts?: string[];
  /**
   * Pagefind's script (`/pagefind/pagefind.js`), which the search page loads once a visitor
   * searches; set when the site has search.
   */
  search?: string;
}

/** A link written into the page, and where its href came from. */
export interface RecordedLink {
  href: string;
  origin: LinkOrigin;
}

/** What a page template reads while it renders; also collects what the render emits. */
export interface RenderContext<Model = unknown, Page extends PageSpec = PageSpec> {
  model: Model;
  route: Route<Page>;
  images: ImageIndex;
  /** The rendered Markdown bodies of the route (its `bodies`), by file. */
  markdown: ReadonlyMap<string, RenderedMarkdown>;
  assets: PageAssets;
  /** Each page's share picture and the site's logo; pages name none when absent. */
  shareImages?: ShareImages;
  /** The template file of this page kind, named as the origin of links it builds itself. */
  templateFile: string;
  /**
   * Every internal link the page writes: the templates record them (the link checker locates a
   * broken one at its source).
   */
  links: RecordedLink[];
  /** Names of the islands rendered so far, in page order: only their scripts are loaded. */
  islands: string[];
  /**
   * The islands among `islands` whose code the page needs as soon as it loads: only these are
   * preloaded, with what the hydration script imports to run them; the others' code is fetched
   * when the hydration script decides (an island waiting for its place on screen, say).
   */
  eagerIslands: string[];
}
