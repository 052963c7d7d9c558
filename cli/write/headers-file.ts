// `_headers` for Netlify and Cloudflare Pages: caching and security headers for every response.
import type { Route } from '../route/routes.ts';
import type { SearchPlace } from '../search/search-page.ts';
import { contentSecurityPolicy, type PolicyInputs } from './content-security-policy.ts';

/** Files whose names carry a hash of their contents (esbuild's `[name]-[hash]`): never revalidated. */
export const hashedAssetsPattern = '/assets/*';
export const immutableCache = 'public, max-age=31536000, immutable';
/** Pages are revalidated on each visit (a cheap 304 with the host's ETag), so a deploy shows at once. */
export const pageCache = 'public, max-age=0, must-revalidate';
/** Content images keep their names across edits: cached for an hour, then revalidated. */
export const imageCache = 'public, max-age=3600, must-revalidate';
/**
 * The policy of content images, besides the one every response gets (a browser enforces both).
 * An SVG opened directly is a document: it may run no script and load nothing, its inline
 * styles still apply, and `sandbox` gives it an origin of its own, should anything get past
 * the sanitizer. An image shown by `<img>` or CSS is never scripted and ignores this header,
 * so the pages show their images as before.
 */
export const imagePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * A file of a page bundle of a kind the site added (`bundles.attachments`): a browser could run
 * it or show it as a page, so it is sent as a download, and should a browser show it anyway, it
 * runs no script, loads nothing and has an origin of its own.
 */
export const downloadHeaders: readonly [string, string][] = [
  ['Content-Disposition', 'attachment'],
  ['Content-Security-Policy', "default-src 'none'; sandbox"],
];

/** Headers every response gets. */
export function securityHeaders(policy: PolicyInputs): [string, string][] {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(policy)],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // Features no page uses; autoplay and fullscreen stay allowed for the video players.
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'],
    ['X-Frame-Options', 'DENY'],
    ['Strict-Transport-Security', 'max-age=31536000'],
  ];
}

/**
 * The `_headers` file. Both hosts apply every rule whose path matches and join the values of a
 * header set by two rules with a comma, so `Cache-Control` is set only by rules that never
 * match the same path: hashed assets, content images, and the pages by the folders they live in.
 *
 * With search, the search page needs `'wasm-unsafe-eval'` and no other page may have it. Joined
 * policies are all enforced (each one can only forbid more), and a `_headers` rule cannot leave
 * a path out, so the policy every response gets (`/*`) is the one that allows WebAssembly, and
 * every page folder but the search page's adds the site's policy without it: a page there runs
 * under both, and WebAssembly stays forbidden. The search page and the index's folder keep the
 * first alone; so do paths no page folder covers (the 404 page at an unknown address, a redirect
 * stub outside the page folders, robots.txt), which load no search.
 */
export function renderHeadersFile(
  routes: Route[],
  policy: PolicyInputs,
  search?: Pick<SearchPlace, 'route' | 'folder'>,
  downloads: readonly string[] = [],
): string {
  const sitePolicy = contentSecurityPolicy(policy);
  const searchPatterns = new Set(search ? pagePatterns([search.route]) : []);
  const pageHeaders = (pattern: string): [string, string][] => [
    ['Cache-Control', pageCache],
    ...(search && !searchPatterns.has(pattern) ? [['Content-Security-Policy', sitePolicy] as [string, string]] : []),
  ];
  const blocks: [string, [string, string][]][] = [
    ['/*', securityHeaders(search ? { ...policy, wasm: true } : policy)],
    [hashedAssetsPattern, [['Cache-Control', immutableCache]]],
    [
      '/images/*',
      [
        ['Cache-Control', imageCache],
        ['Content-Security-Policy', imagePolicy],
      ],
    ],
    ...pagePatterns(routes).map((pattern): [string, [string, string][]] => [pattern, pageHeaders(pattern)]),
    // Pagefind names its chunks by a hash of their contents; its script and entry file keep their names.
    ...(search
      ? hashedSearchFolders.map((folder): [string, [string, string][]] => [
          `/${search.folder}/${folder}/*`,
          [['Cache-Control', immutableCache]],
        ])
      : []),
    ...downloads
      .flatMap(requestPathsOf)
      .map((pattern): [string, [string, string][]] => [pattern, [...downloadHeaders]]),
  ];
  return (
    blocks
      .map(([pattern, headers]) => [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
      .join('\n') + '\n'
  );
}

/**
 * The request paths a host serves a file at: its own address, percent-encoded as a browser asks
 * for it, and for an HTML file the address without `.html` that Cloudflare Pages and Netlify
 * serve it at (and its folder, for an `index.html`).
 */
function requestPathsOf(url: string): string[] {
  const encoded = encodeURI(url);
  const html = /\.html?$/i.exec(encoded);
  if (!html) return [encoded];
  const bare = encoded.slice(0, -html[0].length);
  return /\/index$/i.test(bare)
    ? [encoded, bare, bare.slice(0, -'index'.length), bare.slice(0, -'/index'.length)]
    : [encoded, bare];
}

/** Folders of Pagefind's bundle whose files are named by a hash of their contents. */
const hashedSearchFolders = ['index', 'fragment', 'filter'];

/**
 * Path patterns covering every page and no other file: `/`, then one `/folder/*` per first
 * path segment (`/blog/*` covers the blog list and every post, `/humans/*` both `/humans/`
 * and `/humans/index.html`), plus `/humans` and `/humans.html` where a page is written as
 * `humans.html`. Folders that hold files (`/assets/`, `/images/`) get no splat. Few rules
 * however many pages: Cloudflare reads at most 100.
 */
export function pagePatterns(routes: Route[]): string[] {
  const patterns: string[] = [];
  for (const route of routes) {
    if (route.file === '404.html') patterns.push('/404.html');
    else if (route.path === '/') patterns.push('/');
    else {
      const folder = route.path.split('/')[1]!;
      if (fileFolders.has(folder)) patterns.push(route.url, `/${route.file}`);
      else patterns.push(`/${folder}/*`, ...(route.url === `/${folder}` ? [route.url, `/${route.file}`] : []));
    }
  }
  return [...new Set(patterns)];
}

/** Output folders that hold files besides pages. */
const fileFolders = new Set(['assets', 'images']);
