import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { packageVersion } from '../render/markdown/markdown-cache.ts';
import type { Bundle, BundledFile } from './bundle-client.ts';

/**
 * The last bundle, kept with the hash of every file esbuild read to make it (its metafile's
 * inputs: client code, styles, fonts, React from node_modules). A build whose inputs all hash
 * the same reuses it instead of starting esbuild; anything else bundles afresh. The cache is
 * checked, never trusted: a missing, oversized, malformed or foreign file is ignored.
 */
export interface BundleCacheEntry {
  /** What else decides the output: format version, esbuild's version, the island names, the source folders' file names. */
  key: string;
  /** Hash of each input file, by path relative to the project root. */
  inputs: Record<string, string>;
  bundle: Bundle;
}

/** Bumped when the bundle options or this file's format change. */
const formatVersion = 1;
/** A real bundle is well under 1 MB; a cache file larger than this is not one. */
const maxCacheBytes = 16 * 1024 * 1024;
/** Folders whose file list decides what an import resolves to (a new index.ts can shadow a file). */
const sourceFolders = ['client', path.join('templates', 'styles')];

/** What the bundle depends on besides its inputs' contents. */
export async function bundleCacheKey(root: string, islandNames: string[]): Promise<string> {
  // esbuild's version from its package.json: importing its API to ask takes about 40 ms, which a
  // build whose bundle is cached would spend for nothing.
  const hash = createHash('sha256').update(`${formatVersion}\0${packageVersion('esbuild')}\0${islandNames.join(',')}\0`);
  for (const folder of sourceFolders) {
    const entries = await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    const names = entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))).sort();
    hash.update(names.join('\n')).update('\0');
  }
  return hash.digest('hex');
}

/** Hash of one input file's bytes; undefined when it cannot be read. */
async function hashFile(file: string): Promise<string | undefined> {
  try {
    return createHash('sha256').update(await readFile(file)).digest('hex');
  } catch {
    return undefined;
  }
}

/** Hashes of the files esbuild read, by path relative to the project root. */
export async function hashInputs(root: string, relativePaths: Iterable<string>): Promise<Record<string, string>> {
  const paths = [...new Set(relativePaths)].sort();
  const hashes = await Promise.all(paths.map((relative) => hashFile(path.join(root, relative))));
  return Object.fromEntries(paths.flatMap((relative, i) => (hashes[i] === undefined ? [] : [[relative, hashes[i]]])));
}

/** The cached bundle when its key matches and every input still hashes the same. */
export async function readCachedBundle(file: string, root: string, key: string): Promise<Bundle | undefined> {
  const entry = parseEntry(await readBounded(file));
  if (!entry || entry.key !== key) return undefined;
  const current = await hashInputs(root, Object.keys(entry.inputs));
  for (const [input, hash] of Object.entries(entry.inputs)) if (current[input] !== hash) return undefined;
  return entry.bundle;
}

/** Keeps a bundle for the next build; written to a temporary file and renamed, so a reader never sees half of it. */
export async function writeCachedBundle(file: string, entry: BundleCacheEntry): Promise<void> {
  const serialised = JSON.stringify({
    key: entry.key,
    inputs: entry.inputs,
    bundle: { ...entry.bundle, files: entry.bundle.files.map((bundled) => ({ ...bundled, contents: Buffer.from(bundled.contents).toString('base64') })) },
  });
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    await writeFile(temporary, serialised);
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true });
  }
}

async function readBounded(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
    const { size } = await handle.stat();
    if (size > maxCacheBytes) return undefined;
    return await handle.readFile('utf8');
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isRecordOf = <T>(value: unknown, check: (item: unknown) => item is T): value is Record<string, T> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(check);

/** A cache entry of the expected shape, or undefined. */
function parseEntry(text: string | undefined): BundleCacheEntry | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { key, inputs, bundle } = value as Record<string, unknown>;
  if (!isString(key) || !isRecordOf(inputs, isString) || typeof bundle !== 'object' || bundle === null) return undefined;
  const { files, stylesheet, siteScript, hydrateScript, islands } = bundle as Record<string, unknown>;
  if (!Array.isArray(files) || !isString(stylesheet) || !isString(siteScript) || !isString(hydrateScript) || !isRecordOf(islands, isString)) return undefined;
  const bundledFiles: BundledFile[] = [];
  for (const item of files as unknown[]) {
    if (typeof item !== 'object' || item === null) return undefined;
    const { url, contents, imports } = item as Record<string, unknown>;
    if (!isString(url) || !url.startsWith('/assets/') || url.includes('..') || !isString(contents) || !Array.isArray(imports) || !imports.every(isString)) return undefined;
    bundledFiles.push({ url, contents: new Uint8Array(Buffer.from(contents, 'base64')), imports });
  }
  return { key, inputs, bundle: { files: bundledFiles, stylesheet, siteScript, hydrateScript, islands } };
}
