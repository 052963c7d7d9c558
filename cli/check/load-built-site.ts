import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { SiteError } from '../errors.ts';
import { scanHtml, type ScannedHtml, type ScannedRef } from './html-scan.ts';
import { siteOriginsOf } from './href.ts';
import { loadManifest } from './read-manifest.ts';
import { manifestFileName } from '../project-layout.js';
import { parseRedirectsFile, RedirectTable } from '../static-host/redirect-rules.ts';
import { scanSitemap, sitemapOrigin } from './read-sitemap.ts';
import { listSiteFiles } from '../static-host/list-site-files.ts';
import { isHtmlFile, prettyRouteOfFile } from '../static-host/site-paths.ts';
import type { SiteManifest } from './types.ts';

/** A built site read into memory: each HTML file parsed once, redirects and manifest loaded. */
export interface LoadedSite {
  root: string;
  files: Set<string>;
  manifest?: SiteManifest;
  /** HTML file → what its single parse found, in file order. */
  pages: Map<string, ScannedHtml>;
  /** Sitemap file → its `<loc>` references. */
  sitemaps: Map<string, ScannedRef[]>;
  redirects: RedirectTable;
  siteOrigins: Set<string>;
  /** Site path of an HTML file: the manifest's route when it has one. */
  pagePath(file: string): string;
}

/** Reads and parses the site under `root`; a missing folder is a `links.no-site-dir` error. */
export async function loadSite(root: string, siteUrl?: string): Promise<LoadedSite> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new SiteError({ code: 'links.no-site-dir', message: `No site folder at ${root}.`, hint: 'Run `sitegen build` first, or pass the folder to check.', file: root });
  }
  const list = listSiteFiles(root);
  const manifest = await loadManifest(root);
  const files = new Set(list);
  const pages = scanAll(root, list.filter(isHtmlFile), scanHtml);
  const sitemaps = scanAll(root, list.filter((f) => /^sitemap[^/]*\.xml$/i.test(f)), scanSitemap);

  const redirects = new RedirectTable();
  if (files.has('_redirects')) {
    for (const rule of parseRedirectsFile(await readFile(join(root, '_redirects'), 'utf8'))) redirects.add(rule);
  }
  for (const r of manifest?.redirects ?? []) {
    redirects.add({ from: r.from, to: r.to, status: 301, force: false, declared: { file: manifestFileName, line: 1, column: 1, attribute: 'redirect', origin: r.origin } });
  }

  const origin = siteUrl ?? manifest?.siteUrl ?? sitemapOrigin([...sitemaps.values()].flat());
  const routeByFile = new Map(manifest?.routes.map((r) => [r.file, r.path]));
  return {
    root, files, manifest, pages, sitemaps, redirects,
    siteOrigins: siteOriginsOf(origin),
    pagePath: (file) => routeByFile.get(file) ?? prettyRouteOfFile(file),
  };
}

/**
 * Reads and parses each file once. Reads are synchronous on purpose: parsing keeps the one
 * JavaScript thread busy anyway, and for thousands of small, cached files promise-based reads
 * cost more in bookkeeping than they save in waiting.
 */
function scanAll<T>(root: string, files: string[], scan: (text: string) => T): Map<string, T> {
  const results = new Map<string, T>();
  for (const file of files) results.set(file, scan(readFileSync(join(root, file), 'utf8')));
  return results;
}
