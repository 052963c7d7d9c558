// The site's trailing-slash policy: one answer to "is the page at /a or /a/?" that the files
// written, canonical URLs, the sitemap, the feed, JSON-LD, every internal link and `_redirects`
// all follow, so no address the site publishes is ever answered with a redirect by its host.
// Plain functions with no Node imports: islands use them too.
import { withoutTrailingSlash } from './urls.ts';

/**
 * - `always`: pages are written as `a/index.html` and addressed `/a/`. Every static host
 *   (Netlify, Cloudflare Pages, GitHub Pages, S3 website hosting) serves `/a/` from that file
 *   and answers `/a` with a redirect to `/a/`.
 * - `never`: pages are written as `a.html` and addressed `/a`. Netlify, Cloudflare Pages and
 *   GitHub Pages serve `/a` from that file; S3 website hosting does not (it has no `.html` lookup).
 */
export type TrailingSlash = 'always' | 'never';

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
