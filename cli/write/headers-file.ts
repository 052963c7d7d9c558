// `_headers` for Netlify and Cloudflare Pages: caching and security headers for every response.
import type { Route } from '../route/routes.ts';
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
 */
export function renderHeadersFile(routes: Route[], policy: PolicyInputs): string {
  const blocks: [string, [string, string][]][] = [
    ['/*', securityHeaders(policy)],
    [hashedAssetsPattern, [['Cache-Control', immutableCache]]],
    ['/images/*', [['Cache-Control', imageCache], ['Content-Security-Policy', imagePolicy]]],
    ...pagePatterns(routes).map((pattern): [string, [string, string][]] => [pattern, [['Cache-Control', pageCache]]]),
  ];
  return blocks.map(([pattern, headers]) => [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n')).join('\n') + '\n';
}

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
