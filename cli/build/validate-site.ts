import { SiteErrorList, type SiteError } from '../errors.ts';
import { checkReferences } from '../validate/check-references.ts';
import { checkLegalPlaceholders } from '../validate/legal-placeholders.ts';
import type { SiteModel } from '../validate/model.ts';
import { productionConfigProblems } from '../validate/production-config.ts';
import { validateContent, type ValidateOptions } from '../validate/validate-content.ts';
import { buildRedirects, buildRoutes, type Redirect, type Route } from '../route/routes.ts';
import type { LoadedSite } from './load-inputs.ts';

export interface ValidateSiteOptions extends ValidateOptions {
  /** Replaces the form webhook after validation (dev points forms at its own endpoint). */
  formWebhookUrl?: string;
  /** Refuse a site config that is unsafe to deploy (see `productionConfigProblems`) instead of returning it as warnings. */
  production?: boolean;
}

/** The loaded site with its typed model. */
export interface ValidatedSite extends LoadedSite {
  model: SiteModel;
  /** What `production` refuses in the site config; a build without it reports these as warnings. */
  productionProblems: SiteError[];
}

/** The validated site with every page's route and every redirect. */
export interface RoutedSite extends ValidatedSite {
  routes: Route[];
  redirects: Redirect[];
}

/** Validate: turns the raw content into a typed model; every problem is collected before it throws. */
export function validateSite(loaded: LoadedSite, options: ValidateSiteOptions = {}): ValidatedSite {
  const model = validateContent(loaded.raw, options);
  checkLegalPlaceholders(loaded.raw.legal);
  const sources = { siteJson: loaded.raw.data.get('site'), overrides: options.overrides ?? {}, siteUrlFlag: Boolean(options.siteUrl) };
  const productionProblems = productionConfigProblems(model.data.site, sources);
  if (options.production && productionProblems.length > 0) throw new SiteErrorList(productionProblems);
  if (options.formWebhookUrl) model.data.site.formWebhookUrl = options.formWebhookUrl;
  return { ...loaded, model, productionProblems };
}

/** Route: one route per page and the redirects, then every reference between them is checked. */
export function routeSite(validated: ValidatedSite): RoutedSite {
  const routes = buildRoutes(validated.model);
  const redirects = buildRedirects(validated.model, routes);
  checkReferences(validated.raw, validated.model, routes, redirects, new Set([...validated.images, ...validated.rasterImages].map((image) => image.url)));
  return { ...validated, routes, redirects };
}
