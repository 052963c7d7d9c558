import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import { cacheKey } from '../cache/cache.ts';
import { packageVersion } from '../cache/engine-identity.ts';
import { inputsUnchanged } from '../cache/input-hashes.ts';
import type { ClientEntries } from '../config/site-definition.ts';
import type { Bundle, BundledFile } from './bundle-client.ts';

// The last bundle, kept in the cache with the hash of every file esbuild read to make it (its
// metafile's inputs: client code, styles, fonts, React from node_modules). A build whose inputs
// all hash the same reuses it instead of starting esbuild; anything else bundles afresh.

/** Bumped when the bundle options or the entry's shape change. */
const formatVersion = 3;

/**
 * The cache key: what decides the bundle besides its inputs' contents (esbuild's version, the
 * entries, the file lists of their folders, where a new file can change what an import resolves
 * to).
 */
export async function bundleCacheKey(root: string, entries: ClientEntries): Promise<string> {
  const files = [entries.styles, entries.script, entries.hydrate, ...Object.values(entries.islands ?? {})].filter(
    (file): file is string => file !== undefined,
  );
  const folders = [...new Set(files.map((file) => path.dirname(file)))].sort();
  const lists = await Promise.all(
    folders.map(async (folder) => {
      const found = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
      return found
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
        .sort()
        .join('\n');
    }),
  );
  return cacheKey(`bundle ${formatVersion}`, packageVersion('esbuild'), JSON.stringify(entries), ...lists);
}

/** The cached bundle when there is one under `key` and every input still hashes the same. */
export async function readCachedBundle(cache: Cache, root: string, key: string): Promise<Bundle | undefined> {
  const entry = cache.getJson('bundle', key, isEntry);
  if (!entry) return undefined;
  if (!(await inputsUnchanged(root, entry.inputs))) return undefined;
  return {
    ...entry.bundle,
    files: entry.bundle.files.map((file) => ({
      ...file,
      contents: new Uint8Array(Buffer.from(file.contents, 'base64')),
    })),
  };
}

/** Keeps a bundle for the next build. */
export function writeCachedBundle(cache: Cache, key: string, inputs: Record<string, string>, bundle: Bundle): void {
  cache.putJson('bundle', key, {
    inputs,
    bundle: {
      ...bundle,
      files: bundle.files.map((file) => ({ ...file, contents: Buffer.from(file.contents).toString('base64') })),
    },
  });
}

interface Entry {
  inputs: Record<string, string>;
  bundle: Omit<Bundle, 'files'> & { files: (Omit<BundledFile, 'contents'> & { contents: string })[] };
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecordOf = <T>(value: unknown, check: (item: unknown) => item is T): value is Record<string, T> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check);

/** An entry of the expected shape: its bytes are verified by the cache, its shape here. */
function isEntry(value: unknown): value is Entry {
  const { inputs, bundle } = (value ?? {}) as Partial<Entry>;
  if (!isRecordOf(inputs, isString) || typeof bundle !== 'object' || bundle === null) return false;
  const { files, stylesheet, siteScript, hydrateScript, islands } = bundle;
  return (
    Array.isArray(files) &&
    isString(stylesheet) &&
    isString(siteScript) &&
    isString(hydrateScript) &&
    isRecordOf(islands, isString) &&
    files.every(
      (file) =>
        isString(file?.url) &&
        file.url.startsWith('/assets/') &&
        !file.url.includes('..') &&
        isString(file.contents) &&
        Array.isArray(file.imports) &&
        file.imports.every(isString) &&
        Array.isArray(file.lazyImports) &&
        file.lazyImports.every(isString),
    )
  );
}
