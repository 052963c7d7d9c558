import { stat } from 'node:fs/promises';
import { SiteError } from '../errors.ts';
import { scanHtml, type ScannedHtml, type ScannedRef } from './html-scan.ts';
import { siteOriginsOf } from './href.ts';
import { loadManifest } from './read-manifest.ts';
import { manifestFileName } from '../project-layout.js';
import { parseRedirectsFile, RedirectTable } from '../static-host/redirect-rules.ts';
import { scanSitemap, sitemapOrigin } from './read-sitemap.ts';
import { scanSiteFolder, type RefusedEntry } from '../static-host/list-site-files.ts';
import { readSiteFile } from './read-site-file.ts';
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
  /** Entries not read: not regular files, symlinks leaving the folder, too large, unreadable. */
  problems: RefusedEntry[];
  /** Site path of an HTML file: the manifest's route when it has one. */
  pagePath(file: string): string;
}

/** Reads and parses the site under `root`; a missing folder is a `links.no-site-dir` error. */
export async function loadSite(root: string, siteUrl?: string): Promise<LoadedSite> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new SiteError({ code: 'links.no-site-dir', message: `No site folder at ${root}.`, hint: 'Run `sitegen build` first, or pass the folder to check.', file: root });
  }
  const { files: list, refused } = scanSiteFolder(root);
  const files = new Set(list);
  const problems = [...refused];
  const manifest = files.has(manifestFileName) ? await loadManifest(root) : undefined;
  const pages = scanAll(root, list.filter(isHtmlFile), scanHtml, files, problems);
  const sitemaps = scanAll(root, list.filter((f) => /^sitemap[^/]*\.xml$/i.test(f)), scanSitemap, files, problems);

  const redirects = new RedirectTable();
  const redirectsText = files.has('_redirects') ? readOrRecord(root, '_redirects', files, problems) : undefined;
  if (redirectsText !== undefined) for (const rule of parseRedirectsFile(redirectsText)) redirects.add(rule);
  for (const r of manifest?.redirects ?? []) {
    redirects.add({ from: r.from, to: r.to, status: 301, force: false, declared: { file: manifestFileName, line: 1, column: 1, attribute: 'redirect', origin: r.origin } });
  }

  const origin = siteUrl ?? manifest?.siteUrl ?? sitemapOrigin([...sitemaps.values()].flat());
  const routeByFile = new Map(manifest?.routes.map((r) => [r.file, r.path]));
  return {
    root, files, manifest, pages, sitemaps, redirects, problems,
    siteOrigins: siteOriginsOf(origin),
    pagePath: (file) => routeByFile.get(file) ?? prettyRouteOfFile(file),
  };
}

/**
 * Reads and parses each file once. Reads are synchronous on purpose: parsing keeps the one
 * JavaScript thread busy anyway, and for thousands of small, cached files promise-based reads
 * cost more in bookkeeping than they save in waiting.
 */
function scanAll<T>(root: string, list: string[], scan: (text: string) => T, files: Set<string>, problems: RefusedEntry[]): Map<string, T> {
  const results = new Map<string, T>();
  for (const file of list) {
    const text = readOrRecord(root, file, files, problems);
    if (text !== undefined) results.set(file, scan(text));
  }
  return results;
}

/**
 * A file's text, or `undefined` with the problem recorded. A file the host cannot read either
 * leaves the site; one only too large for the checker stays (the host serves it), unread.
 */
function readOrRecord(root: string, file: string, files: Set<string>, problems: RefusedEntry[]): string | undefined {
  const read = readSiteFile(root, file);
  if ('text' in read) return read.text;
  problems.push(read.problem);
  if (read.problem.code !== 'links.file-too-large') files.delete(file);
  return undefined;
}
