import { stat } from 'node:fs/promises';
import { SiteError } from '../errors.ts';
import { scanHtml, type ScannedHtml, type ScannedRef } from './html-scan.ts';
import { scanMarkdownRefs } from '../render/markdown/markdown-refs.ts';
import { siteOriginsOf } from './href.ts';
import { loadManifest } from './read-manifest.ts';
import { manifestFileName } from './types.ts';
import { serverFactsFile } from '../server/server-facts.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import { patternRuleLimit, readRedirectsFile, type RedirectsNote } from '../static-host/redirect-rules.ts';
import { RedirectTable } from '../static-host/redirect-table.ts';
import { scanSitemap, sitemapOrigin } from './read-sitemap.ts';
import { scanSiteFolder, type RefusedEntry, type SiteFolderListing } from '../static-host/list-site-files.ts';
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
  /**
   * A Markdown file the build wrote for answer engines (the manifest's `markdown`: each page's copy, llms.txt) → its
   * links.
   */
  markdown: Map<string, ScannedRef[]>;
  redirects: RedirectTable;
  siteOrigins: Set<string>;
  /** Paths the site answers with a server route (a form's action): links to them are not to pages. */
  serverRoutes: Set<string>;
  /**
   * Entries not read: not regular files, symlinks leaving the folder, too large, unreadable; or
   * read in part (`_redirects` past its limit).
   */
  problems: RefusedEntry[];
  /** Site path of an HTML file: the manifest's route when it has one. */
  pagePath(file: string): string;
}

/** One file's reading: what it yields, or why it was not read. */
export type SiteRead<T> = { value: T } | { problem: RefusedEntry };

/**
 * Where the checker gets a built site from: a folder on disk (`folderSource`), or what a build
 * recorded of each file as it wrote it (`SiteFacts`). Both answer the same questions, so the
 * checks on them are the same code.
 */
export interface SiteSource {
  /** Every file, sorted as `scanSiteFolder` sorts them, and the entries refused while listing. */
  listing(): SiteFolderListing;
  /** The route manifest; called only when the listing has one. A bad one is a `links.bad-manifest` error. */
  manifest(): Promise<SiteManifest | undefined>;
  /** An HTML file's references and ids. */
  page(file: string): SiteRead<ScannedHtml>;
  /** A sitemap's `<loc>` references. */
  sitemap(file: string): SiteRead<ScannedRef[]>;
  /** A Markdown file's links (markdown-refs.ts). */
  markdown(file: string): SiteRead<ScannedRef[]>;
  /** A file's text (`_redirects`). */
  text(file: string): SiteRead<string>;
}

/** Reads and parses the site under `root`; a missing folder is a `links.no-site-dir` error. */
export async function loadSite(root: string, siteUrl?: string): Promise<LoadedSite> {
  const info = await stat(root).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new SiteError({
      code: 'links.no-site-dir',
      message: `No site folder at ${root}.`,
      hint: 'Run `sitegen build` first, or pass the folder to check.',
      file: root,
    });
  }
  return loadSiteFrom(root, folderSource(root), siteUrl);
}

/**
 * The files of the folder `root`. Reads are synchronous on purpose: parsing keeps the one
 * JavaScript thread busy anyway, and for thousands of small, cached files promise-based reads
 * cost more in bookkeeping than they save in waiting.
 */
export function folderSource(root: string): SiteSource {
  const read = <T>(file: string, parse: (text: string) => T): SiteRead<T> => {
    const result = readSiteFile(root, file);
    return 'text' in result ? { value: parse(result.text) } : { problem: result.problem };
  };
  return {
    listing: () => scanSiteFolder(root),
    manifest: () => loadManifest(root),
    page: (file) => read(file, scanHtml),
    sitemap: (file) => read(file, scanSitemap),
    markdown: (file) => read(file, scanMarkdownRefs),
    text: (file) => read(file, (text) => text),
  };
}

/** The site `source` describes, as the checks see it; `root` is the folder it is (or will be) in. */
export async function loadSiteFrom(root: string, source: SiteSource, siteUrl?: string): Promise<LoadedSite> {
  const { files: list, refused } = source.listing();
  const files = new Set(list);
  const problems = [...refused];
  const manifest = files.has(manifestFileName) ? await source.manifest() : undefined;
  const pages = readAll(list.filter(isHtmlFile), source.page, files, problems);
  const sitemaps = readAll(
    list.filter((f) => /^sitemap[^/]*\.xml$/i.test(f)),
    source.sitemap,
    files,
    problems,
  );
  // Only the files the manifest names, and that the folder holds: a Markdown file of a page bundle is the author's, not
  // read.
  const markdown = readAll(
    [...new Set(manifest?.markdown ?? [])].filter((file) => files.has(file)),
    source.markdown,
    files,
    problems,
  );

  const redirects = new RedirectTable();
  const redirectsText = files.has('_redirects') ? readOrRecord('_redirects', source.text, files, problems) : undefined;
  if (redirectsText !== undefined) {
    const { rules, overLimit, notes } = readRedirectsFile(redirectsText);
    for (const rule of rules) redirects.add(rule);
    if (overLimit) problems.push(tooManyRulesProblem(overLimit.line, overLimit.leftOut));
    for (const note of notes) problems.push(hostLimitProblem(note));
  }
  for (const r of manifest?.redirects ?? []) {
    redirects.add({
      from: r.from,
      to: r.to,
      status: 301,
      force: false,
      declared: { file: manifestFileName, line: 1, column: 1, attribute: 'redirect', origin: r.origin },
    });
  }

  const serverText = files.has(serverFactsFile)
    ? readOrRecord(serverFactsFile, source.text, files, problems)
    : undefined;
  const serverRoutes = new Set(serverText === undefined ? [] : routesOf(serverText));
  const origin = siteUrl ?? manifest?.siteUrl ?? sitemapOrigin([...sitemaps.values()].flat());
  const routeByFile = new Map(manifest?.routes.map((r) => [r.file, r.path]));
  return {
    root,
    files,
    manifest,
    pages,
    sitemaps,
    markdown,
    redirects,
    problems,
    serverRoutes,
    siteOrigins: siteOriginsOf(origin),
    pagePath: (file) => routeByFile.get(file) ?? prettyRouteOfFile(file),
  };
}

/** The route paths a build's server facts list; none when the file is not what a build writes. */
function routesOf(text: string): string[] {
  try {
    const routes = (JSON.parse(text) as { routes?: unknown }).routes;
    return Array.isArray(routes) ? routes.filter((route): route is string => typeof route === 'string') : [];
  } catch {
    return [];
  }
}

/** Why the pattern rules of `_redirects` from `line` on are not read; located at that line, where the cut falls. */
function tooManyRulesProblem(line: number, leftOut: number): RefusedEntry {
  const { message, hint } = errorCatalogue['links.too-many-redirect-rules'];
  return {
    file: '_redirects',
    code: 'links.too-many-redirect-rules',
    reason: `${message(patternRuleLimit, line, leftOut)}. ${hint}`,
    line,
  };
}

/** Where `_redirects` goes past what the hosts document: a warning at that line (`links.redirects-over-host-limit`). */
function hostLimitProblem(note: RedirectsNote): RefusedEntry {
  const { hint } = errorCatalogue['links.redirects-over-host-limit'];
  return {
    file: '_redirects',
    code: 'links.redirects-over-host-limit',
    reason: `${note.message}. ${hint}`,
    line: note.line,
  };
}

/** Reads each file once, in list order. */
function readAll<T>(
  list: string[],
  read: (file: string) => SiteRead<T>,
  files: Set<string>,
  problems: RefusedEntry[],
): Map<string, T> {
  const results = new Map<string, T>();
  for (const file of list) {
    const value = readOrRecord(file, read, files, problems);
    if (value !== undefined) results.set(file, value);
  }
  return results;
}

/**
 * What reading a file yields, or `undefined` with the problem recorded. A file the host cannot
 * read either leaves the site; one only too large for the checker stays (the host serves it), unread.
 */
function readOrRecord<T>(
  file: string,
  read: (file: string) => SiteRead<T>,
  files: Set<string>,
  problems: RefusedEntry[],
): T | undefined {
  const result = read(file);
  if ('value' in result) return result.value;
  problems.push(result.problem);
  if (result.problem.code !== 'links.file-too-large') files.delete(file);
  return undefined;
}
