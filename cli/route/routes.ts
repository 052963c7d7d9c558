import type { PageSpec, RedirectSpec, RouteSpec, SiteSettings } from '../config/site-definition.ts';
import type { Route } from '../config/render-context.ts';
import type { LinkOrigin } from '../shared/link-origins.ts';
import { pageFileFor, pageHref } from './trailing-slash.ts';
import { withoutTrailingSlash } from './urls.ts';

// A route's type is part of what a template reads (config/render-context.ts); other steps import it from here too.
export type { Route };

/** An old or alternative address that forwards to a page of the site. */
export interface Redirect {
  from: string;
  /** The target under the site's trailing-slash policy, query and fragment kept. */
  to: string;
  /**
   * The stub page written at `from`, for hosts that read no `_redirects` (GitHub Pages); at `from`
   * itself for an old `.html` address.
   */
  file: string;
  origin?: LinkOrigin;
}

/**
 * The site's pages as routes under its trailing-slash policy (two that write one file are refused
 * when the build claims its paths: pipeline/claim-step.ts).
 */
export function buildRoutes<Page extends PageSpec>(specs: RouteSpec<Page>[], settings: SiteSettings): Route<Page>[] {
  const routes = specs.map((spec): Route<Page> => {
    const common = { page: spec.page, source: spec.source, bodies: spec.bodies ?? [], ...(spec.lastModified ? { lastModified: spec.lastModified } : {}) };
    // Hosts serve `404.html` for every unknown path; it has no address of its own.
    if (spec.notFound) return { path: spec.path, url: spec.path, file: '404.html', indexable: false, ...common };
    return { path: spec.path, url: pageHref(spec.path, settings.trailingSlash), file: pageFileFor(spec.path, settings.trailingSlash), indexable: spec.indexable ?? true, ...common };
  });
  return routes;
}

/** The site's redirects, each with its stub page (claimed with the pages: pipeline/claim-step.ts). */
export function buildRedirects(specs: RedirectSpec[], settings: SiteSettings): Redirect[] {
  const redirects = specs.map((spec): Redirect => ({
    from: withoutTrailingSlash(spec.from),
    to: pageHref(spec.to, settings.trailingSlash),
    file: /\.html?$/.test(spec.from) ? spec.from.replace(/^\/+/, '') : pageFileFor(spec.from, settings.trailingSlash),
    ...(spec.origin ? { origin: spec.origin } : {}),
  }));
  return redirects;
}
