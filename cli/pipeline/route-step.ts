import { SiteError, SiteErrorList } from '../errors.ts';
import { checkImageAlt } from '../validate/check-image-alt.ts';
import type { ContentAddresses } from '../render/markdown/relative-references.ts';
import { buildRedirects, buildRoutes, type Redirect, type Route } from '../route/routes.ts';
import { searchPlace, type SearchPlace } from '../search/search-page.ts';
import type { PlacedBundle } from '../validate/place-bundles.ts';
import { checkReferences } from '../validate/check-references.ts';
import type { ValidatedStep } from './validate-step.ts';

/** The validated site with every page's route and every redirect. */
export interface RoutedStep extends ValidatedStep {
  routes: Route[];
  redirects: Redirect[];
  /** Where search is published, when the site asks for it. */
  search?: SearchPlace;
  /** Where each entry's page and each bundle file is published, for the relative references of bodies. */
  addresses: ContentAddresses;
}

/** Route: one route per page and the redirects, then every reference between them and to images is checked. */
export function routeStep(validated: ValidatedStep): RoutedStep {
  const site = validated.site.definition;
  const drafts = new Set(
    Object.values(validated.content.collections)
      .flat()
      .filter((entry) => entry.draft)
      .map((entry) => entry.file),
  );
  const routes = buildRoutes(site.routes(validated.model), validated.settings, drafts);
  const redirects = buildRedirects(site.redirects?.(validated.model) ?? [], validated.settings);
  const imageUrls = new Set([...validated.images.svg, ...validated.images.raster].map((image) => image.url));
  checkReferences(validated.content, routes, redirects, imageUrls);
  checkImageAlt(validated.content);
  const addresses = contentAddresses(validated, routes);
  const search = site.search ? searchPlace(site.search, routes, redirects, validated.site.file) : undefined;
  return { ...validated, routes, redirects, addresses, ...(search ? { search } : {}) };
}

/**
 * The page of each entry (the route it is the source of) and the address of each bundle file.
 * A bundle whose page no route has is an error: its files would be published beside nothing.
 */
function contentAddresses(validated: ValidatedStep, routes: Route[]): ContentAddresses {
  const bySource = new Map<string, Route>();
  for (const route of routes) if (!bySource.has(route.source)) bySource.set(route.source, route);
  const byPath = new Map(routes.map((route) => [route.path, route]));
  const pages = new Map<string, string>();
  for (const entry of Object.values(validated.content.collections).flat()) {
    const route = bySource.get(entry.file);
    if (!route) continue;
    pages.set(entry.file, route.url);
    if (entry.bundle) pages.set(entry.bundle, route.url);
  }
  const files = new Map<string, string>();
  const errors = validated.pageBundles.flatMap((bundle): SiteError[] => {
    for (const [source, url] of bundle.addresses) files.set(source, url);
    return byPath.has(bundle.page) ? [] : [withoutPage(bundle)];
  });
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { files, pages };
}

function withoutPage(bundle: PlacedBundle): SiteError {
  return new SiteError({
    code: 'content.bundle-without-page',
    message: `the site publishes this bundle's files beside ${bundle.page}, but it has no page at that address`,
    hint: "The collection's `bundles.page` in the site definition must give the path of the entry's route.",
    file: bundle.entry,
  });
}
