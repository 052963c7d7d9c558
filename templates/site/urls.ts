// Every URL pattern of the site, in one place. Plain functions with no Node imports, so
// templates, client islands and the site's model all build addresses the same way. Islands
// import the blog and case-study files directly: esbuild splits a module used by two islands
// into a chunk of its own, one more request for a few bytes.

export * from './blog-urls.ts';
export * from './case-study-urls.ts';

/** The home page. */
export const homePath = '/';

/** The team page. */
export const humansPath = '/humans';

/** The getting-started page, with the contact form. */
export const gettingStartedPath = '/getting-started';

/** The toolkit page whose form unlocks the POM files. */
export const toolkitPath = '/pom-files';

/**
 * The POM files, shown as they are once the form is sent: where the lead endpoint sends a
 * visitor whose browser runs no JavaScript (the toolkit page reveals them in place otherwise).
 */
export const toolkitFilesPath = '/pom-files/files';

/** Where the site's own lead endpoint answers (server/leads/lead-handler.ts). */
export const leadEndpointPath = '/api/leads';

/** The search page: the query in the address, `/search/?q=playwright`. */
export const searchPath = '/search';

/** The footer's thank-you for a newsletter post sent without JavaScript, shown when it is the address's fragment. */
export const newsletterThanksId = 'newsletter-thanks';

/** The not-found page, written as `404.html`. */
export const notFoundPath = '/404';

/** A guide's overview with its lead form: `/guides/{topic}`. */
export function guidePath(topic: string): string {
  return `/guides/${topic}`;
}

/** A guide's full article, opened once the form is sent: `/guides/content/{topic}`. */
export function guideArticlePath(topic: string): string {
  return `/guides/content/${topic}`;
}

/** An audience landing page: `/services/{slug}`. */
export function audiencePath(slug: string): string {
  return `/services/${slug}`;
}

/** A legal page (terms, privacy): `/{slug}`. */
export function legalPath(slug: string): string {
  return `/${slug}`;
}

export { absoluteUrl, withoutTrailingSlash, withTrailingSlash } from 'sitegen/site';
