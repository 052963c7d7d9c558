import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type * as esbuild from 'esbuild';
import { SiteError } from '../errors.ts';
import type { Cache } from '../cache/cache.ts';
import type { ClientEntries } from '../config/site-definition.ts';
import { hashInputs } from '../cache/input-hashes.ts';
import { bundleCacheKey, readCachedBundle, writeCachedBundle } from './bundle-cache.ts';

/** A file the bundler produced, named by its content hash. */
export interface BundledFile {
  /** Public path, such as `/assets/site-3F2A1B.css`. */
  url: string;
  contents: Uint8Array;
  /** URLs this file imports statically, which load with it. */
  imports: string[];
  /** URLs this file imports with `import()`: they load later, when its code asks for them. */
  lazyImports: string[];
}

/** The client code and styles of a build. */
export interface Bundle {
  files: BundledFile[];
  stylesheet: string;
  siteScript: string;
  hydrateScript: string;
  /** Bundle URL of each island by name. */
  islands: Record<string, string>;
}

export type { ClientEntries };

/**
 * Bundles the client with esbuild: code splitting makes React one shared chunk, every island
 * its own entry, the site script a tiny standalone file; styles become one minified stylesheet.
 * Everything is kept in memory and named by content hash. The last bundle comes from the cache
 * when none of the files it was made from changed.
 */
export async function bundleClient(root: string, entries: ClientEntries, cache: Cache): Promise<Bundle> {
  const key = cache.enabled ? await bundleCacheKey(root, entries) : undefined;
  const cached = key && (await readCachedBundle(cache, root, key));
  if (cached) return cached;
  const { bundle, inputs } = await bundleAfresh(root, entries);
  if (key) writeCachedBundle(cache, key, await hashInputs(root, inputs), bundle);
  return bundle;
}

/** Runs esbuild: the bundle, and the files it read (relative to the project root). */
async function bundleAfresh(root: string, entries: ClientEntries): Promise<{ bundle: Bundle; inputs: string[] }> {
  const islands = entries.islands ?? {};
  const islandNames = Object.keys(islands);
  const scriptEntries: Record<string, string> = {
    ...(entries.script ? { site: path.join(root, entries.script) } : {}),
    ...(entries.hydrate ? { hydrate: path.join(root, entries.hydrate) } : {}),
    ...Object.fromEntries(islandNames.map((name) => [`islands/${name}`, path.join(root, islands[name]!)])),
  };
  const noScripts = { files: [], inputs: [] };
  const [scripts, styles] = await Promise.all([
    Object.keys(scriptEntries).length === 0
      ? noScripts
      : build(root, {
          entryPoints: scriptEntries,
          bundle: true,
          splitting: true,
          format: 'esm',
          target: 'es2020',
          jsx: 'automatic',
          chunkNames: 'chunks/[name]-[hash]',
          define: { 'process.env.NODE_ENV': '"production"' },
        }),
    // A font the stylesheet names in url() is copied beside it under a hashed name (/assets/…-HASH.woff2).
    build(root, {
      entryPoints: { site: path.join(root, entries.styles) },
      bundle: true,
      loader: { '.svg': 'dataurl', '.woff2': 'file' },
    }),
  ]);
  const outputs = [...scripts.files, ...styles.files];
  const byEntry = (entry: string) => outputs.find((file) => file.entryPoint === entry)?.url ?? '';
  const bundle: Bundle = {
    files: outputs.map(({ url, contents, imports, lazyImports }) => ({ url, contents, imports, lazyImports })),
    stylesheet: byEntry('site.css'),
    siteScript: byEntry('site'),
    hydrateScript: byEntry('hydrate'),
    islands: Object.fromEntries(islandNames.map((name) => [name, byEntry(`islands/${name}`)])),
  };
  return { bundle, inputs: [...scripts.inputs, ...styles.inputs] };
}

async function build(
  root: string,
  options: Omit<esbuild.BuildOptions, 'entryPoints'> & { entryPoints: Record<string, string> },
): Promise<{ files: (BundledFile & { entryPoint?: string })[]; inputs: string[] }> {
  let result: esbuild.BuildResult<{ write: false; metafile: true }>;
  try {
    // esbuild's API loads only when a bundle is built: a build whose bundle is cached never needs it.
    const { build: runEsbuild } = await import('esbuild');
    result = await runEsbuild({
      ...options,
      absWorkingDir: root,
      outdir: 'assets',
      entryNames: '[dir]/[name]-[hash]',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'silent',
      legalComments: 'none',
    });
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    const first = failure.errors?.[0];
    throw new SiteError({
      code: 'bundle.failed',
      message: `bundling the client failed: ${first?.text ?? failure.message}`,
      file: first?.location?.file,
      line: first?.location?.line,
      column: first?.location ? first.location.column + 1 : undefined,
      cause: error,
    });
  }
  const entryBySource = new Map(
    Object.entries(options.entryPoints).map(([name, source]) => [path.relative(root, source), name]),
  );
  const files = Object.entries(result.metafile.outputs)
    .filter(([key]) => !key.endsWith('.map'))
    .map(([key, meta]) => {
      const file = result.outputFiles.find((output) => output.path === path.join(root, key))!;
      const name = meta.entryPoint ? entryBySource.get(meta.entryPoint) : undefined;
      return {
        url: `/${key}`,
        contents: file.contents,
        imports: meta.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => `/${i.path}`),
        lazyImports: meta.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => `/${i.path}`),
        entryPoint: name && key.endsWith('.css') ? `${name}.css` : name,
      };
    });
  // Inputs outside the project (a package linked from elsewhere) are hashed by their path from the root all the same.
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes(':'));
  return { files, inputs };
}

/** The web fonts the stylesheet loads, for the pages to preload. */
export function fontUrls(bundle: Bundle): string[] {
  return bundle.files.filter((file) => file.url.endsWith('.woff2')).map((file) => file.url);
}

/**
 * The bundled files that load with `entryUrls`: each entry and what it imports statically, each
 * once; with `lazy`, also what they import with `import()` (what the page may load later).
 */
export function scriptFiles(bundle: Bundle, entryUrls: string[], { lazy = false } = {}): string[] {
  const byUrl = new Map(bundle.files.map((file) => [file.url, file]));
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url) || !byUrl.has(url)) return;
    seen.add(url);
    const file = byUrl.get(url)!;
    for (const imported of lazy ? [...file.imports, ...file.lazyImports] : file.imports) visit(imported);
  };
  entryUrls.forEach(visit);
  return [...seen];
}

/**
 * JavaScript a page loads, in bytes and gzip bytes: the entries and everything they import,
 * statically or with `import()` (code loaded once an island's condition is met is the page's
 * all the same), each file once.
 */
export function measureScripts(bundle: Bundle, entryUrls: string[]): { bytes: number; gzip: number; files: string[] } {
  const byUrl = new Map(bundle.files.map((file) => [file.url, file]));
  const seen = scriptFiles(bundle, entryUrls, { lazy: true });
  let bytes = 0;
  let gzip = 0;
  for (const url of seen) {
    const file = byUrl.get(url)!;
    bytes += file.contents.byteLength;
    gzip += gzipSize(file);
  }
  return { bytes, gzip, files: seen };
}

const gzipSizes = new WeakMap<BundledFile, number>();

/** Compressed size of a bundled file, computed once however many pages load it. */
function gzipSize(file: BundledFile): number {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = gzipSync(file.contents, { level: 9 }).byteLength;
    gzipSizes.set(file, size);
  }
  return size;
}
