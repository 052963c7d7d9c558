import { islands as islandRegistry } from '../../client/islands/index.ts';
import { bundleClient, measureScripts, type Bundle } from '../bundle/bundle-client.ts';
import type { PageRecord } from '../render/render-page.tsx';

/** JavaScript one page loads. */
export interface PageBudget {
  path: string;
  islands: string[];
  bytes: number;
  gzip: number;
}

/** Bundle: the stylesheet, the site script and every island of the registry, built by esbuild. */
export function bundleSite(root: string): Promise<Bundle> {
  return bundleClient({ root, islandNames: Object.keys(islandRegistry) });
}

/** The JavaScript each page loads, in bytes and gzip bytes. */
export function pageBudgets(bundle: Bundle, pages: PageRecord[]): PageBudget[] {
  return pages.map((page) => {
    const entries = [bundle.siteScript, ...(page.islands.length ? [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)] : [])];
    const { bytes, gzip } = measureScripts(bundle, entries);
    return { path: page.route.path, islands: page.islands, bytes, gzip };
  });
}
