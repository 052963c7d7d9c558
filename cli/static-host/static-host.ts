// Serves a built site folder from disk like a static host: the e2e tests' server and `sitegen preview`.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { headersFileLimit, parseHeadersFile } from './header-rules.ts';
import { listSiteFiles } from './list-site-files.ts';
import { redirectTableOf, type RedirectTable } from './redirect-rules.ts';
import { createSiteHandler, type ServedSite } from './serve-site.ts';

/** A `_redirects` larger than this is not read (Cloudflare allows 2,100 rules of at most 1,000 characters). */
export const redirectsFileLimit = 4 * 1024 * 1024;

/** A site folder on disk; its file list, `_redirects` and `_headers` are read once, on first use. */
export async function readSiteFolder(root: string): Promise<ServedSite> {
  const files = new Set(listSiteFiles(root));
  const config = async (name: string, limit: number) => (files.has(name) ? readCapped(path.join(root, name), limit) : '');
  // Pattern rules past `patternRuleLimit` are not read, so no request waits on a generated file
  // of them. The server goes on without them rather than refusing the folder: it only previews,
  // and check-links reports such a file (`links.too-many-redirect-rules`) where it can be fixed.
  const rules: RedirectTable = redirectTableOf(await config('_redirects', redirectsFileLimit));
  const headerRules = parseHeadersFile(await config('_headers', headersFileLimit));
  return {
    hasFile: (file) => files.has(file),
    rules,
    headerRules,
    readFile: (file) => (files.has(file) ? readWaitingOutSwap(root, path.join(root, file)) : Promise.resolve(undefined)),
  };
}

/** How long a read waits for the output folder to be back: a build's commit renames it out and in again. */
const swapWaitMs = 2000;

/**
 * Reads a file of the site. A build commits by renaming the old output aside and the new one
 * into place (cli/write/output-swap.ts); a request that falls between the two renames finds no
 * output folder at all, and waits for the new one rather than answering 404.
 */
async function readWaitingOutSwap(root: string, file: string): Promise<Buffer> {
  const until = Date.now() + swapWaitMs;
  let retriedInPlace = false;
  for (;;) {
    try {
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || Date.now() > until) throw error;
      const rootThere = await stat(root).then(() => true, () => false);
      // With the folder back, one more read: the new output may have arrived since the first.
      if (rootThere && retriedInPlace) throw error;
      retriedInPlace = rootThere;
      if (!rootThere) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
/** A host configuration file's text, or the empty string when it is larger than a host would read. */
async function readCapped(file: string, limit: number): Promise<string> {
  return (await stat(file)).size > limit ? '' : readFile(file, 'utf8');
}

/**
 * An HTTP handler that serves a built site folder like a static host (see `answerPath` and
 * `respondToPath`): 404.html for unknown paths, and the headers its `_headers` file sets.
 */
export function createStaticHandler(root: string) {
  let site: Promise<ServedSite> | undefined;
  return createSiteHandler({
    site: () => (site ??= readSiteFolder(root)),
    headers: (_file, _urlPath, body) => ({ 'Content-Length': String(Buffer.byteLength(body)) }),
  });
}
