// `sitegen/site`: everything a site may import from the engine, and nothing else. A site's
// definition, templates, islands and server code import the engine from here alone
// (tests/engine-boundary.test.ts holds them to it), as Astro's sites import `astro/config`. The
// engine hands a site's compiled definition this very module at run time (config/load-site.ts),
// so the site and the engine share one copy of every class here. Re-exports only.

// What runs anywhere: the definition's types, what a template reads, errors, addresses and lists.
export * from './site-browser.ts';

// Where a problem sits in a dataset or in front matter.
export { locateFrontMatterField, locateJsonField } from './shared/locate-field.ts';

// Field schemas for the site's own schemas.
export { imagePath, imageRef, lineText, text } from './validate/fields.ts';
export {
  absoluteUrlProblem,
  externalUrl,
  href,
  redirectSource,
  siteOrigin,
  sitePath,
  type UrlRules,
} from './validate/url-fields.ts';

// Requests a site's dev middleware answers.
export { isOwnPagePost, requestPathOf } from './static-host/request-guard.ts';
