// One part of the search index: a run of pages indexed by Pagefind, or taken from the cache
// when the same Pagefind indexed the same records (what search knows of each page) before. The first part is
// published as Pagefind publishes an index (`pagefind.js`, `pagefind-entry.json`, `index/…`);
// each other part in a folder of its own beside it (`part-1/`), without the script and the
// WebAssembly, which the browser takes from the first. `parts.json` lists those folders.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as pagefind from 'pagefind';
import type { Cache } from '../cache/cache.ts';
import { concurrency } from '../shared/concurrency.ts';
import type { SearchRecord } from './search-record.ts';

/** A page to index: its public address and what search knows of it (search-record.ts). */
export interface SearchPage {
  url: string;
  record: SearchRecord;
}

/** A part's files, by path under its folder. */
export type PartFiles = Map<string, Uint8Array>;

/**
 * Files of Pagefind's bundle the engine leaves out: its ready-made interfaces and the highlight
 * script. A site builds its own interface on `pagefind.js`, which is all the browser loads.
 */
const unusedFiles = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

/** What the browser loads from the first part only: the script, its worker and the WebAssembly. */
const firstPartOnly = /^(pagefind\.js|pagefind-worker\.js|wasm\.[^/]+\.pagefind)$/;

/** The file that lists the other parts' folders, relative to the first's: `{"merge":["part-1/"]}`. */
const partsFile = 'parts.json';

let installedVersion: string | undefined;

/** The version of Pagefind installed: an index made by another is made afresh. */
function pagefindVersion(): string {
  installedVersion ??= (
    JSON.parse(
      readFileSync(
        path.join(path.dirname(fileURLToPath(import.meta.resolve('pagefind'))), '..', 'package.json'),
        'utf8',
      ),
    ) as { version: string }
  ).version;
  return installedVersion;
}

/**
 * A hash of what a part is made from: the same records, at the same addresses, in the same order,
 * always make the same part. What a page shows outside what search reads of it (its header, its
 * scripts) is no part of it, so changing that indexes nothing again.
 */
export function partKey(pages: readonly SearchPage[]): string {
  const hash = createHash('sha256').update(`pagefind ${pagefindVersion()} records\n`);
  for (const page of pages) {
    const text = JSON.stringify([page.url, page.record]);
    hash.update(`${text.length}\n`).update(text);
  }
  return hash.digest('hex');
}

/**
 * The part of `pages`, from the cache when it holds it; `failure` makes the error of Pagefind's
 * messages. The list is the part's own: it is emptied as its pages are handed to Pagefind.
 */
export async function indexPart(
  pages: SearchPage[],
  cache: Cache,
  failure: (errors: string[]) => Error,
): Promise<PartFiles> {
  const key = partKey(pages);
  const cached = cache.getJson('search', key, isStoredPart);
  if (cached) return new Map(cached.map(([file, base64]) => [file, Buffer.from(base64, 'base64')]));
  const files = await runPagefind(pages, failure);
  cache.putJson(
    'search',
    key,
    [...files].map(([file, bytes]) => [file, Buffer.from(bytes).toString('base64')]),
  );
  return files;
}

/**
 * A file name Pagefind gives, under the part's folder: `fragment/en_1a2b.pf_fragment`; never `..`,
 * nor a path from the root.
 */
const partPath = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9_.-]+(?:\/[A-Za-z0-9_.-]+)*$/;

/**
 * A stored part: pairs of a file name (as Pagefind gives them, nothing that leaves the folder) and
 * its bytes in base64.
 */
function isStoredPart(value: unknown): value is [string, string][] {
  return (
    Array.isArray(value) &&
    value.every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length === 2 &&
        typeof entry[0] === 'string' &&
        partPath.test(entry[0]) &&
        typeof entry[1] === 'string',
    )
  );
}

/** Parts Pagefind is indexing in this process. */
let indexing = 0;

/**
 * Pagefind's index of `pages`, added in their order (its files depend on it). Pagefind runs as a
 * child process, started with the first part; it is stopped when no part is being indexed, so
 * that no process of the build outlives it and its CPU time is counted as the build's.
 */
async function runPagefind(pages: SearchPage[], failure: (errors: string[]) => Error): Promise<PartFiles> {
  indexing += 1;
  try {
    return await indexWithPagefind(pages, failure);
  } finally {
    indexing -= 1;
    if (indexing === 0) await pagefind.close();
  }
}

async function indexWithPagefind(pages: SearchPage[], failure: (errors: string[]) => Error): Promise<PartFiles> {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw failure(errors);
  try {
    const addErrors = await addInOrder(index, pages);
    if (addErrors.length > 0) throw failure(addErrors);
    const { errors: writeErrors, files } = await index.getFiles();
    if (writeErrors.length > 0) throw failure(writeErrors);
    // By path: Pagefind hands its files over in no fixed order, and a part is kept as it is listed.
    const kept = files
      .filter((file) => !unusedFiles.test(file.path))
      .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
    return new Map(kept.map((file) => [file.path, file.content]));
  } finally {
    await index.deleteIndex().catch(() => undefined);
  }
}

/**
 * Adds the `waiting` pages' records to Pagefind's index in their order, a few at a time, taking
 * each out of the list as it is sent, so that its text is let go once Pagefind has it: handing a
 * whole part over at once queued every page again, encoded, in Pagefind's input while it worked
 * through them, so a build held each page twice until its part was done. Resolves with Pagefind's
 * messages about the pages it could not index.
 */
async function addInOrder(index: pagefind.PagefindIndex, waiting: SearchPage[]): Promise<string[]> {
  const errors: string[] = [];
  // Each lane takes the next page when its last one is indexed; pages are sent in the order
  // they are taken, which is the order Pagefind indexes them in.
  const lane = async () => {
    for (let page = waiting.shift(); page; page = waiting.shift()) {
      const { url } = page;
      const added = await index.addCustomRecord({ url, ...page.record });
      errors.push(...added.errors.map((error) => `${url}: ${error}`));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency.searchPagesInFlight(), waiting.length) }, lane));
  return errors;
}

/**
 * The files of the whole index, by path under its folder: the first part, the others in `part-N/`,
 * and the list of those.
 */
export function indexFiles(parts: readonly PartFiles[]): Map<string, Uint8Array> {
  const files = new Map(parts[0]);
  const merge: string[] = [];
  parts.slice(1).forEach((part, position) => {
    const folder = `part-${position + 1}/`;
    merge.push(folder);
    for (const [file, bytes] of part) if (!firstPartOnly.test(file)) files.set(folder + file, bytes);
  });
  files.set(partsFile, Buffer.from(`${JSON.stringify({ merge })}\n`));
  return files;
}
