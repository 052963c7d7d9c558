import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';

// Searches a published index as a visitor's browser does: the site's own copy of Pagefind's
// script (`pagefind.js`, fetched from the site), fetching the index's chunks over HTTP. Node has
// fetch and WebAssembly; without a Worker global, Pagefind runs its WebAssembly on the main thread.

/** One result as Pagefind's `data()` gives it. */
export interface FoundPage {
  url: string;
  excerpt: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** What the script answers. */
export interface SiteSearch {
  search(query: string | null, filters?: Record<string, string | string[]>): Promise<FoundPage[]>;
  /** Every filter and its values, with how many pages have each. */
  filters(): Promise<Record<string, Record<string, number>>>;
  close(): Promise<void>;
}

interface PagefindModule {
  options(options: { basePath: string; baseUrl: string }): Promise<void>;
  init(): Promise<void>;
  mergeIndex(indexPath: string, options?: { baseUrl: string }): Promise<void>;
  search(
    query: string | null,
    options?: { filters?: Record<string, string | string[]> },
  ): Promise<{ results: { data(): Promise<FoundPage> }[] }>;
  filters(): Promise<Record<string, Record<string, number>>>;
  destroy(): Promise<void>;
}

/** Searches the index the site at `origin` publishes under `folder` (`/pagefind/`). */
export async function searchSiteAt(origin: string, folder = '/pagefind/'): Promise<SiteSearch> {
  const basePath = new URL(folder, origin).href;
  const response = await fetch(new URL('pagefind.js', basePath));
  if (!response.ok) throw new Error(`${basePath}pagefind.js answered ${response.status}`);
  // Each search gets its own copy of the module, so an index published since is read afresh.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-pagefind-'));
  const file = path.join(dir, 'pagefind.mjs');
  await writeFile(file, await response.text());
  const pagefind = (await import(pathToFileURL(file).href)) as PagefindModule;
  // Results keep their site paths, as a page of the site shows them.
  await pagefind.options({ basePath, baseUrl: '/' });
  // The other parts of the index, searched as one with the first, as the site's search page does.
  const parts = await fetch(new URL('parts.json', basePath));
  if (!parts.ok) throw new Error(`${basePath}parts.json answered ${parts.status}`);
  const { merge } = (await parts.json()) as { merge: string[] };
  await pagefind.init();
  for (const part of merge) await pagefind.mergeIndex(new URL(part, basePath).href, { baseUrl: '/' });
  return {
    async search(query, filters) {
      const found = await pagefind.search(query, filters ? { filters } : {});
      return Promise.all(found.results.map((result) => result.data()));
    },
    filters: () => pagefind.filters(),
    async close() {
      await pagefind.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Serves a built folder on loopback as a static host would, and searches its index. */
export async function searchBuiltSite(outDir: string, folder = '/pagefind/'): Promise<SiteSearch & { origin: string }> {
  const server: Server = createServer(createStaticHandler(outDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const site = await searchSiteAt(origin, folder);
    return {
      ...site,
      origin,
      async close() {
        await site.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  } catch (error) {
    server.close();
    throw error;
  }
}
