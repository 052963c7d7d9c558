import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lists every file under `siteDir` as a `/`-separated path relative to it, sorted. Synchronous:
 * a directory listing is served from the OS cache faster than a promise per folder is settled.
 */
export function listSiteFiles(siteDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix + entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), relative + '/');
      else if (entry.isFile() || entry.isSymbolicLink()) files.push(relative);
    }
  };
  walk(siteDir, '');
  return files.sort();
}

/** Whether a site file is an HTML document. */
export const isHtmlFile = (file: string): boolean => /\.html?$/i.test(file);

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

/** The files a static host tries for a decoded site path, in order. */
export function candidateFiles(path: string): string[] {
  const bare = path.replace(/^\/+/, '');
  if (bare === '' || path.endsWith('/')) return [bare + 'index.html'];
  return [bare, bare + '.html', bare + '/index.html'];
}

/** Drops a trailing slash (except on `/`) so `/a` and `/a/` share one key. */
export const normalizeRoute = (path: string): string => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);
