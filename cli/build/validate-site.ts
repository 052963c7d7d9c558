import { checkReferences } from '../validate/check-references.ts';
import type { SiteModel } from '../validate/model.ts';
import { validateContent, type ValidateOptions } from '../validate/validate-content.ts';
import { buildRedirects, buildRoutes, type Redirect, type Route } from '../route/routes.ts';
import type { LoadedSite } from './load-inputs.ts';

export interface ValidateSiteOptions extends ValidateOptions {
  /** Replaces the form webhook after validation (dev points forms at its own endpoint). */
  formWebhookUrl?: string;
}

/** The loaded site with its typed model. */
export interface ValidatedSite extends LoadedSite {
  model: SiteModel;
}

/** The validated site with every page's route and every redirect. */
export interface RoutedSite extends ValidatedSite {
  routes: Route[];
  redirects: Redirect[];
}

/** Validate: turns the raw content into a typed model; every problem is collected before it throws. */
export function validateSite(loaded: LoadedSite, options: ValidateSiteOptions = {}): ValidatedSite {
  const model = validateContent(loaded.raw, options);
  if (options.formWebhookUrl) model.data.site.formWebhookUrl = options.formWebhookUrl;
  return { ...loaded, model };
}

/** Route: one route per page and the redirects, then every reference between them is checked. */
export function routeSite(validated: ValidatedSite): RoutedSite {
  const routes = buildRoutes(validated.model);
  const redirects = buildRedirects(validated.model, routes);
  checkReferences(validated.raw, validated.model, routes, redirects, new Set(validated.images.map((image) => image.url)));
  return { ...validated, routes, redirects };
}
