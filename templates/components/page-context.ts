import { createContext, useContext } from 'react';
import type { ImageEntry } from '../../cli/images/picture-sources.ts';
import type { RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import type { SiteModel } from '../../cli/validate/model.ts';
import type { LinkOrigin } from '../../cli/render/link-origins.ts';
import type { Navigation } from '../../cli/route/navigation.ts';
import type { Route } from '../../cli/route/routes.ts';
import type { ShareImages } from '../../cli/share-card/share-images.ts';

/** Every image in content/images by public path: its width and height, and a raster image's variants. */
export type ImageIndex = ReadonlyMap<string, ImageEntry>;

/** Files the page links to that the build produced (hashed names). */
export interface PageAssets {
  stylesheet: string;
  /** The small script every page loads for the header and the island loader. */
  siteScript?: string;
  /** Bundle URL of each island, by island name. */
  islands?: Record<string, string>;
  /** The web fonts the stylesheet loads (hashed WOFF2 files), preloaded by every page. */
  fonts?: string[];
}

/** A link emitted into the page, and where its href was written. */
export interface RecordedLink {
  href: string;
  origin: LinkOrigin;
}

/** What a page template can read while it renders; also collects what the render emits. */
export interface PageContextValue {
  model: SiteModel;
  route: Route;
  navigation: Navigation;
  images: ImageIndex;
  /** Rendered Markdown bodies, by source file. */
  markdown: ReadonlyMap<string, RenderedMarkdown>;
  assets: PageAssets;
  /** Each page's share picture and the site's logo; pages name none when absent. */
  shareImages?: ShareImages;
  /** The template file of this page kind, named as the origin of links it builds itself. */
  templateFile: string;
  links: RecordedLink[];
  /** Names of the islands rendered so far, in page order. */
  islands: string[];
}

export const PageContext = createContext<PageContextValue | null>(null);

/** True inside the shared layout (header, footer, badge), whose links repeat on every page. */
export const LayoutScope = createContext(false);

/** The current page's context; templates render only inside renderPage. */
export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('usePage() called outside renderPage()');
  return value;
}
