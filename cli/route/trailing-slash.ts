// The site's trailing-slash policy: one answer to "is the page at /a or /a/?" that the files
// written, canonical URLs, the sitemap, the feed, JSON-LD, every internal link and `_redirects`
// all follow, so no address the site publishes is ever answered with a redirect by its host.
// Plain functions with no Node imports: islands use them too.
import type { TrailingSlash } from '../config/site-definition.ts';
import { withoutTrailingSlash } from './urls.ts';

// The policy's type is the definition's (`settings`); other steps import it from here too.
export type { TrailingSlash };

export const trailingSlashPolicies: readonly TrailingSlash[] = ['always', 'never'];

/** Matches the layout the site has always been written in: `a/index.html`. */
export const defaultTrailingSlash: TrailingSlash = 'always';

/**
 * The address of a site path under the policy: `/a` → `/a/` (always) or `/a/` → `/a` (never),
 * keeping its query and fragment. Left as they are: the root `/`, paths to files (a dot in the
 * last segment, as `/feed.xml`), and anything that is not a site path (`#x`, `?x`, `https:`, `//host`).
 */
export function pageHref(href: string, policy: TrailingSlash): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const found = href.search(/[?#]/);
  const cut = found === -1 ? href.length : found;
  const pathPart = href.slice(0, cut);
  const rest = href.slice(cut);
  if (pathPart === '/' || isFilePath(pathPart)) return href;
  const bare = withoutTrailingSlash(pathPart);
  return (policy === 'always' ? `${bare}/` : bare) + rest;
}

/** The file a page's path is written to under the policy: `/a/b` → `a/b/index.html` or `a/b.html`. */
export function pageFileFor(sitePath: string, policy: TrailingSlash): string {
  const bare = withoutTrailingSlash(sitePath).replace(/^\/+/, '');
  if (bare === '') return 'index.html';
  return policy === 'always' ? `${bare}/index.html` : `${bare}.html`;
}

/** Whether the last segment of a path names a file (`/feed.xml`, `/images/a.png`), not a page. */
export function isFilePath(sitePath: string): boolean {
  const last = sitePath.slice(sitePath.lastIndexOf('/') + 1);
  return last.includes('.');
}
