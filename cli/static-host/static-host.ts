// Serves a built site folder from disk like a static host (the e2e tests' server).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { listSiteFiles } from './list-site-files.ts';
import { redirectTableOf } from './redirect-rules.ts';
import { createSiteHandler, type ServedSite } from './serve-site.ts';

/** A site folder on disk; its file list and `_redirects` are read once, on first use. */
export async function readSiteFolder(root: string): Promise<ServedSite> {
  const files = new Set(listSiteFiles(root));
  const rules = redirectTableOf(files.has('_redirects') ? await readFile(path.join(root, '_redirects'), 'utf8') : '');
  return {
    hasFile: (file) => files.has(file),
    rules,
    readFile: (file) => (files.has(file) ? readFile(path.join(root, file)) : Promise.resolve(undefined)),
  };
}

/**
 * An HTTP handler that serves a built site folder like a static host (see `answerPath` and
 * `respondToPath`), with 404.html for unknown paths and long caching for hashed assets.
 */
export function createStaticHandler(root: string) {
  let site: Promise<ServedSite> | undefined;
  return createSiteHandler({
    site: () => (site ??= readSiteFolder(root)),
    headers: (_file, urlPath, body) => ({
      'Content-Length': String(Buffer.byteLength(body)),
      ...(urlPath.startsWith('/assets/') ? { 'Cache-Control': 'public, max-age=31536000, immutable' } : {}),
    }),
  });
}
