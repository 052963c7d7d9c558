import path from 'node:path';
import { configFileName } from '../config/load-site.ts';
import { checkImageAlt } from '../images/check-image-alt.ts';
import { buildRedirects, buildRoutes, type Redirect, type Route } from '../route/routes.ts';
import { searchPlace, type SearchPlace } from '../search/search-page.ts';
import { checkReferences } from '../validate/check-references.ts';
import type { ValidatedStep } from './validate-step.ts';

/** The validated site with every page's route and every redirect. */
export interface RoutedStep extends ValidatedStep {
  routes: Route[];
  redirects: Redirect[];
  /** Where search is published, when the site asks for it. */
  search?: SearchPlace;
}

/** Route: one route per page and the redirects, then every reference between them and to images is checked. */
export function routeStep(validated: ValidatedStep): RoutedStep {
  const site = validated.site.definition;
  const routes = buildRoutes(site.routes(validated.model), validated.settings);
  const redirects = buildRedirects(site.redirects?.(validated.model) ?? [], routes, validated.settings);
  const imageUrls = new Set([...validated.images.svg, ...validated.images.raster].map((image) => image.url));
  checkReferences(validated.content, routes, redirects, imageUrls);
  checkImageAlt(validated.content);
  const search = site.search ? searchPlace(site.search, routes, redirects, path.join(validated.root, configFileName)) : undefined;
  return { ...validated, routes, redirects, ...(search ? { search } : {}) };
}
