// How a static host maps URL paths to the files of a site folder, and back.
import path from 'node:path';

/** The page a static host serves for a path nothing else serves. */
export const notFoundFile = '404.html';

/** Files a host reads as its configuration and never serves. */
export const hostConfigFiles: ReadonlySet<string> = new Set(['_redirects', '_headers']);

/**
 * The host's configuration file a site path would take the place of, or its folder: `/_headers`
 * and `/_redirects/old` both need `_headers` or `_redirects` to be something else than the file
 * the host reads (a stub page's folder), so nothing of the site may be published there.
 */
export function hostConfigFileAt(sitePath: string): string | undefined {
  const first = sitePath.replace(/^\/+/, '').split('/')[0]!;
  return hostConfigFiles.has(first) ? first : undefined;
}

/** Whether a site file is an HTML document. */
export const isHtmlFile = (file: string): boolean => /\.html?$/i.test(file);

/**
 * The files a static host tries for a decoded site path, in order: `/x` is `x`, then `x.html`,
 * then `x/index.html` (so with both, `/x` serves `x.html`, as Netlify does); `/x/` is only
 * `x/index.html`.
 */
export function candidateFiles(sitePath: string): string[] {
  const bare = sitePath.replace(/^\/+/, '');
  if (bare === '' || sitePath.endsWith('/')) return [bare + 'index.html'];
  return [bare, bare + '.html', bare + '/index.html'];
}

/** The site path a static host serves a file at: `a/index.html` → `/a/`, `a.html` → `/a.html`. */
export function routeOfFile(file: string): string {
  if (file === 'index.html') return '/';
  if (file.endsWith('/index.html')) return '/' + file.slice(0, -'index.html'.length);
  return '/' + file;
}

/** The route shown to authors for a page file: `a/index.html` → `/a/`, `a.html` → `/a`. */
export function prettyRouteOfFile(file: string): string {
  const route = routeOfFile(file);
  return route.endsWith('.html') ? route.slice(0, -'.html'.length) : route;
}

/**
 * The key under which `/a` and `/a/` are the same path (for rules and loops): `withoutTrailingSlash`
 * of cli/route/urls.ts, scanned by hand because paths come from any page and a `/\/+$/` backtracks on a run of slashes.
 */
export function routeKey(sitePath: string): string {
  let end = sitePath.length;
  while (end > 0 && sitePath.charCodeAt(end - 1) === 47 /* / */) end--;
  if (end === sitePath.length) return sitePath;
  return end > 0 ? sitePath.slice(0, end) : sitePath.startsWith('/') ? '/' : '';
}

/**
 * Decodes and normalizes (`//`, `.`) the path of a request; `undefined` for malformed percent-encoding, a NUL byte or a
 * `..` segment, which no file of the site can answer.
 */
export function decodeRequestPath(urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const normal = path.posix.normalize(decoded);
  if (normal.includes('\0') || normal.split('/').some((part) => part === '..')) return undefined;
  return normal;
}
