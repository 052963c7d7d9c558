// Serves a built site folder from disk like a static host: the e2e tests' server and `sitegen preview`.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkGuarded, readGuarded, RefusedFile } from '../shared/guarded-read.ts';
import { headersFileLimit, parseHeadersFile } from './header-rules.ts';
import { listSiteFiles } from './list-site-files.ts';
import { redirectTableOf, type RedirectTable } from './redirect-table.ts';
import { createSiteHandler, type ServedSite } from './serve-site.ts';

/** A `_redirects` larger than this is not read (Cloudflare allows 2,100 rules of at most 1,000 characters). */
export const redirectsFileLimit = 4 * 1024 * 1024;

/**
 * The largest file served (256 MB); a larger one is refused like a FIFO, with the 404 page. Far
 * above any page or asset of a static site, and still one buffer the server can hold: a file
 * is read whole before it is sent.
 */
export const servedFileLimit = 256 * 1024 * 1024;

/**
 * A site folder on disk; its file list, `_redirects` and `_headers` are read once, on first use.
 * Files are read per request, each through the guarded read: a file swapped since the listing
 * for a FIFO, a device, a symlink leading out of the folder, or one under a folder swapped for
 * such a link, or grown past `servedFileLimit`, is not read, and the site answers as for a
 * missing file (its 404 page).
 */
export async function readSiteFolder(root: string): Promise<ServedSite> {
  // Files are read from where the folder is now, whatever `root` leads to later.
  const realRoot = realpathSync(root);
  const files = new Set(listSiteFiles(realRoot));
  // Pattern rules past `patternRuleLimit` are not read, so no request waits on a generated file
  // of them. The server goes on without them rather than refusing the folder: it only previews,
  // and check-links reports such a file (`links.too-many-redirect-rules`) where it can be fixed.
  const config = async (name: string, limit: number) => {
    const bytes = files.has(name) ? await readServed(realRoot, name, limit) : undefined;
    return bytes === undefined ? '' : bytes.toString('utf8');
  };
  const rules: RedirectTable = redirectTableOf(await config('_redirects', redirectsFileLimit));
  const headerRules = parseHeadersFile(await config('_headers', headersFileLimit));
  return {
    hasFile: (file) => files.has(file),
    rules,
    headerRules,
    readFile: (file) => (files.has(file) ? readServed(realRoot, file, servedFileLimit) : Promise.resolve(undefined)),
  };
}

/**
 * A file of the site, or `undefined` when it is refused or cannot be read (a host serves what
 * it has, and nothing else). Errors that are not about the file are thrown.
 */
async function readServed(root: string, file: string, limit: number): Promise<Buffer | undefined> {
  try {
    return await readWaitingOutSwap(root, () => readGuardedSiteFile(root, file, limit));
  } catch (error) {
    if (error instanceof RefusedFile || typeof (error as NodeJS.ErrnoException).code === 'string') return undefined;
    throw error;
  }
}

/**
 * Reads `file` of the folder at the real path `realRoot` through the guarded read
 * (cli/shared/guarded-read.ts): the file's folder is resolved afresh for each read, since it, or
 * the folder itself, may have been swapped for a link since the last one, and a file whose real
 * path is no longer inside `realRoot` is refused.
 */
function readGuardedSiteFile(realRoot: string, file: string, limit: number): Buffer {
  const { real } = checkGuarded(path.join(realRoot, file), realRoot, (folder) => realpathSync(folder), limit);
  const { buffer, length } = readGuarded(real, limit);
  return buffer.subarray(0, length);
}

/** How long a read waits for the output folder to be back: a build's commit renames it out and in again. */
const swapWaitMs = 2000;

/**
 * Runs `read` for a file of the site. A build commits by renaming the old output aside and the new one
 * into place (cli/write/output-swap.ts); a request that falls between the two renames finds no
 * output folder at all, and waits for the new one rather than answering 404.
 */
async function readWaitingOutSwap(root: string, read: () => Buffer): Promise<Buffer> {
  const until = Date.now() + swapWaitMs;
  let retriedInPlace = false;
  for (;;) {
    try {
      return read();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || Date.now() > until) throw error;
      const rootThere = isFolder(root);
      // With the folder back, one more read: the new output may have arrived since the first.
      if (rootThere && retriedInPlace) throw error;
      retriedInPlace = rootThere;
      if (!rootThere) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}

/**
 * An HTTP handler that serves a built site folder like a static host (see `answerPath` and
 * `respondToPath`): 404.html for unknown paths, and the headers its `_headers` file sets.
 */
export function createStaticHandler(root: string) {
  let site: Promise<ServedSite> | undefined;
  let identity: string | undefined;
  /** Where the folder served first really is: a later build's folder is found there too. */
  let home: string | undefined;
  // A build puts a new folder in the old one's place, so a folder that is another one than the
  // one listed is the next build's: its files, _redirects and _headers are read again. In the
  // instant between a build's two renames there is no folder, and the last listing stands. A
  // folder whose real path is another (`dist` swapped for a link to /etc) is no build's: nothing
  // is served from it, and every path answers 404, until the folder is back where it was.
  const current = () => {
    const now = folderIdentity(root);
    if (now !== undefined && now !== identity) {
      identity = now;
      const real = realPathOf(root);
      home ??= real;
      site = real === home ? undefined : Promise.resolve(emptySite);
    }
    return (site ??= readSiteFolder(root));
  };
  return createSiteHandler({
    site: current,
    headers: (_file, _urlPath, body) => ({ 'Content-Length': String(Buffer.byteLength(body)) }),
  });
}

/** A site with no file: every path answers 404. */
const emptySite: ServedSite = {
  hasFile: () => false,
  rules: redirectTableOf(''),
  headerRules: [],
  readFile: () => Promise.resolve(undefined),
};

function realPathOf(folder: string): string | undefined {
  try {
    return realpathSync(folder);
  } catch {
    return undefined;
  }
}

/** Which folder `root` is now (device and inode), or undefined while there is none. */
function folderIdentity(root: string): string | undefined {
  try {
    const info = statSync(root, { bigint: true });
    return `${info.dev}:${info.ino}`;
  } catch {
    return undefined;
  }
}
