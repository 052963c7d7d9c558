import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** The content type a static host sends for a file name. */
export function contentTypeFor(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? (path.basename(file) === '_redirects' ? 'text/plain; charset=utf-8' : 'application/octet-stream');
}

/** Where a request path leads in the site folder: a file, a redirect, or nothing (404). */
export type Resolution = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/** Whether a file exists in the site, by path relative to the site's root. */
export type FileExists = (relative: string) => boolean | Promise<boolean>;

/**
 * Resolves a URL path the way static hosts do: `/x` serves `x/index.html` or `x.html`,
 * `_redirects` rules apply before the 404 page, and nothing outside the site is reachable.
 * Returns the file relative to the site's root.
 */
export async function resolveRequest(exists: FileExists, urlPath: string, redirects: Map<string, string>): Promise<Resolution> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'missing' };
  }
  const normal = path.posix.normalize(decoded);
  if (normal.includes('\0') || normal.split('/').some((part) => part === '..')) return { kind: 'missing' };
  const trimmed = normal.replace(/\/+$/, '') || '/';
  const redirect = redirects.get(trimmed);
  if (redirect) return { kind: 'redirect', location: redirect };
  const base = normal.replace(/^\/+/, '');
  const candidates = normal.endsWith('/') ? [`${base}index.html`] : [base, `${base}/index.html`, `${base}.html`];
  for (const candidate of candidates) {
    if (candidate && (await exists(candidate))) return { kind: 'file', file: candidate };
  }
  return { kind: 'missing' };
}

/** Checks files on disk under `root`. */
export function diskFiles(root: string): FileExists {
  return async (relative) => (await stat(path.join(root, relative)).catch(() => undefined))?.isFile() ?? false;
}

/** Reads a `_redirects` file (`from to [status]` per line) into a map. */
export async function readRedirects(root: string): Promise<Map<string, string>> {
  return parseRedirects(await readFile(path.join(root, '_redirects'), 'utf8').catch(() => ''));
}

/** Parses `_redirects` text (`from to [status]` per line). */
export function parseRedirects(text: string): Map<string, string> {
  return new Map(text.split('\n').map((line) => line.trim().split(/\s+/)).filter((parts) => parts.length >= 2 && parts[0]!.startsWith('/')).map((parts) => [parts[0]!, parts[1]!]));
}

/**
 * An HTTP handler that serves a built site folder like a static host, with 404.html for
 * unknown paths. The folder's `_redirects` is read once, when the first request arrives.
 */
export function createStaticHandler(root: string) {
  const files = diskFiles(root);
  let redirects: Promise<Map<string, string>> | undefined;
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    redirects ??= readRedirects(root);
    const resolution = await resolveRequest(files, url.pathname, await redirects);
    if (resolution.kind === 'redirect') {
      response.writeHead(301, { Location: resolution.location }).end();
      return;
    }
    const file = path.join(root, resolution.kind === 'file' ? resolution.file : '404.html');
    const info = await stat(file).catch(() => undefined);
    if (!info) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const headers: Record<string, string> = { 'Content-Type': contentTypeFor(file), 'Content-Length': String(info.size) };
    if (url.pathname.startsWith('/assets/')) headers['Cache-Control'] = 'public, max-age=31536000, immutable';
    response.writeHead(resolution.kind === 'file' ? 200 : 404, headers);
    if (request.method === 'HEAD') response.end();
    else createReadStream(file).pipe(response);
  };
}
