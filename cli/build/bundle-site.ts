import { islands as islandRegistry } from '../../client/islands/index.ts';
import { bundleClient, measureScripts, type Bundle } from '../bundle/bundle-client.ts';
import type { PageRecord } from '../render/render-page.tsx';
import { bundleCacheFile } from '../project-layout.ts';

/** JavaScript one page loads. */
export interface PageBudget {
  path: string;
  islands: string[];
  bytes: number;
  gzip: number;
}

/**
 * Bundle: the stylesheet, the site script and every island of the registry, built by esbuild,
 * or the last bundle when none of the files it was made from changed (`cacheFile`, by default
 * in the project's cache folder; undefined bundles afresh).
 */
export function bundleSite(root: string, cacheFile: string | undefined = bundleCacheFile(root)): Promise<Bundle> {
  return bundleClient({ root, islandNames: Object.keys(islandRegistry), cacheFile });
}

/** The JavaScript each page loads, in bytes and gzip bytes. */
export function pageBudgets(bundle: Bundle, pages: PageRecord[]): PageBudget[] {
  return pages.map((page) => {
    const entries = [bundle.siteScript, ...(page.islands.length ? [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)] : [])];
    const { bytes, gzip } = measureScripts(bundle, entries);
    return { path: page.route.path, islands: page.islands, bytes, gzip };
  });
}
