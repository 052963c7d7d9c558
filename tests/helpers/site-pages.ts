import path from 'node:path';
import { islands as islandRegistry } from '../../client/islands/index.ts';
import { imageIndex } from '../../cli/images/image-index.ts';
import { planImage } from '../../cli/images/variant-plan.ts';
import type { RawContent } from '../../cli/load/load-content.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { renderMarkdown, type RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import type { PageAssets } from '../../cli/config/render-context.ts';
import { renderPage, renderRedirect, type RenderedPage, type SharedContext } from '../../cli/render/render-page.ts';
import { buildRedirects, buildRoutes, type Redirect, type Route } from '../../cli/route/routes.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import type { SitePage } from '../../templates/site/routes.ts';
import { contentRoot, loadSiteModel } from './site-model.ts';
import { realSite } from './real-site.ts';

// The marketing site's pages rendered as a build renders them (cli/render/render-page.ts with
// the site's definition), with stand-in asset URLs: for tests of what its templates write.

export type SiteRoute = Route<SitePage>;

/** Asset URLs as a build would name them, with TEST in place of each hash. */
export const testAssets: PageAssets = {
  stylesheet: '/assets/site-TEST.css',
  siteScript: '/assets/site-TEST.js',
  islands: Object.fromEntries(Object.keys(islandRegistry).map((name) => [name, `/assets/islands/${name}-TEST.js`])),
};

export interface SitePages {
  raw: RawContent;
  model: SiteModel;
  routes: SiteRoute[];
  redirects: Redirect[];
  /** What every page renders with: the model, images, Markdown bodies and assets. */
  shared: SharedContext<SiteModel>;
  /** One route's page, with the model given or the site's own. */
  render(route: SiteRoute, model?: SiteModel): RenderedPage;
  renderRedirect(redirect: Redirect): RenderedPage;
  /** The first route of a page kind. */
  routeOf(kind: SitePage['kind']): SiteRoute;
}

/** Loads the real site's model (or uses `given`), its routes and images, and renders its Markdown bodies unless `markdown` is false. */
export async function sitePages(
  options: { given?: { raw: RawContent; model: SiteModel }; markdown?: boolean; assets?: Partial<PageAssets> } = {},
): Promise<SitePages> {
  const { raw, model } = options.given ?? (await loadSiteModel());
  const site = realSite.definition;
  const settings = site.settings(model);
  const routes = buildRoutes(site.routes(model), settings);
  const redirects = buildRedirects(site.redirects!(model), settings);
  const markdown = new Map<string, RenderedMarkdown>();
  if (options.markdown !== false) {
    for (const source of [...model.posts, ...model.guides, ...model.legal])
      markdown.set(source.file, await renderMarkdown(source.body, source.bodyLine));
  }
  const images = await loadImages(path.join(contentRoot, 'images'));
  const shared: SharedContext<SiteModel> = {
    model,
    images: imageIndex(
      images.svg,
      images.raster.map((image) => planImage(image)),
    ),
    markdown,
    assets: { ...testAssets, ...options.assets },
  };
  return {
    raw,
    model,
    routes,
    redirects,
    shared,
    render: (route, other) => renderPage(site, route, other ? { ...shared, model: other } : shared),
    renderRedirect: (redirect) => renderRedirect(site, redirect, shared),
    routeOf: (kind) => routes.find((route) => route.page.kind === kind)!,
  };
}
