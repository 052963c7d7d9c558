import { createContext, useContext } from 'react';
import type { ImageIndex, PageAssets, RecordedLink, RenderContext } from 'sitegen/site';
import type { SiteModel } from '../site/model.ts';
import type { Navigation } from '../site/navigation.ts';
import type { SitePage } from '../site/routes.ts';

export type { ImageIndex, PageAssets, RecordedLink };

/** What a page template can read while it renders (the engine's context, and the site's navigation); also collects what the render emits. */
export interface PageContextValue extends RenderContext<SiteModel, SitePage> {
  navigation: Navigation;
}

export const PageContext = createContext<PageContextValue | null>(null);

/** True inside the shared layout (header, footer, badge), whose links repeat on every page. */
export const LayoutScope = createContext(false);

/** The current page's context; templates render only inside the site's `render`. */
export function usePage(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error("usePage() called outside the site's render");
  return value;
}
