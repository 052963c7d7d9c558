// Joining and trimming site paths: plain functions with no Node imports, so templates and
// islands build addresses the way the engine does.

/** A site path made absolute with the site's URL (which has no trailing slash). */
export function absoluteUrl(siteUrl: string, sitePath: string): string {
  return siteUrl + sitePath;
}

/**
 * Drops trailing slashes, so `/a/` and `/a` share one key and `https://x.com/` joins paths
 * cleanly; the root path stays `/` and an empty string stays empty.
 */
export function withoutTrailingSlash(text: string): string {
  // A loop, not /\/+$/: that regex backtracks quadratically on a long run of slashes.
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end--;
  return text.slice(0, end) || (text.startsWith('/') ? '/' : '');
}

/** Adds a trailing slash unless there is one: `/a` → `/a/`, `/` stays `/`. */
export function withTrailingSlash(sitePath: string): string {
  return sitePath.endsWith('/') ? sitePath : `${sitePath}/`;
}

/**
 * Where other generators publish a site's feed: Jekyll's jekyll-feed at `/feed.xml`, Hugo at
 * `/index.xml`, the starters of Gatsby and Next.js at `/rss.xml` or `/atom.xml`. A site that takes
 * over another's address keeps that site's readers by redirecting each of these (but its own
 * feed's) to its feed: `sitegen import` names the ones the old site had and the site answers.
 */
export const formerFeedPaths: readonly string[] = ['/rss.xml', '/atom.xml', '/feed.xml', '/index.xml'];
