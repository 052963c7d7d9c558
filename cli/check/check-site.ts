import { resolve as resolvePath } from 'node:path';
import { HrefJudge } from './href-verdict.ts';
import type { Occurrence } from './findings.ts';
import { documentBase, parseHref, siteBase, type HrefTarget } from './href.ts';
import type { ScannedRef } from './html-scan.ts';
import { compileIgnore } from './ignore.ts';
import { loadSite, loadSiteFrom, type LoadedSite, type SiteSource } from './load-built-site.ts';
import { OriginIndex } from './read-manifest.ts';
import { validateRedirects } from './check-redirects.ts';
import { SiteResolver } from './resolve-target.ts';
import { prettyRouteOfFile } from '../static-host/site-paths.ts';
import { LinkTally } from './link-tally.ts';
import type { CheckLinksOptions, LinkReport } from './types.ts';

/** Checks every reference of the built site under `siteDir`; see README.md for what counts. */
export async function checkSite(siteDir: string, options: CheckLinksOptions = {}): Promise<LinkReport> {
  const started = performance.now();
  const root = resolvePath(options.cwd ?? process.cwd(), siteDir);
  return checkLoadedSite(await loadSite(root, options.siteUrl), options, started);
}

/**
 * Checks the site `source` describes, which is (or is about to be) the folder `siteDir`: a build
 * checks what it recorded of each file as it wrote it, finding what `checkSite` would find in
 * that folder, without reading it back.
 */
export async function checkSiteSource(
  siteDir: string,
  source: SiteSource,
  options: CheckLinksOptions = {},
): Promise<LinkReport> {
  const started = performance.now();
  return checkLoadedSite(await loadSiteFrom(siteDir, source, options.siteUrl), options, started);
}

async function checkLoadedSite(site: LoadedSite, options: CheckLinksOptions, started: number): Promise<LinkReport> {
  const resolver = new SiteResolver(indexSite(site));
  const ignore = compileIgnore(options.ignore);
  const judge = new HrefJudge(resolver, ignore, site.siteOrigins, site.serverRoutes);
  const tally = new LinkTally(options.external === true);

  recordSiteProblems(site, tally);
  const redirectStubs = checkPages(site, judge, tally);
  checkMarkdownFiles(site, judge, tally);
  checkSitemaps(site, judge, tally);
  tally.counts.checked += validateRedirects(site, resolver, tally.collector, (url, at) => {
    if (options.external && !ignore(url)) tally.addExternal(url, { at, kind: 'redirect-error' });
  });
  await tally.checkExternals(options);

  return {
    findings: tally.collector.list(),
    checked: tally.counts.checked,
    files: site.pages.size,
    pages: site.pages.size - redirectStubs,
    durationMs: Math.round(performance.now() - started),
    siteDir: site.root,
    externalSkipped: tally.counts.externalSkipped,
    ignored: tally.counts.ignored,
    manifest: site.manifest !== undefined,
  };
}

/**
 * Files the checker refused to read (FIFOs, links out of the folder…), as findings at line 1 or
 * where the part not read starts.
 */
function recordSiteProblems(site: LoadedSite, tally: LinkTally): void {
  for (const problem of site.problems) {
    const at: Occurrence = {
      page: prettyRouteOfFile(problem.file),
      file: problem.file,
      attribute: 'file',
      href: problem.file,
      line: problem.line ?? 1,
      column: 1,
    };
    tally.collector.add('site-file', { code: problem.code, reason: problem.reason }, at);
  }
}

/** Judges every reference of every page; returns how many pages are redirect stubs. */
function checkPages(site: LoadedSite, judge: HrefJudge, tally: LinkTally): number {
  const origins = site.manifest ? new OriginIndex(site.manifest) : undefined;
  let redirectStubs = 0;
  for (const [file, scan] of site.pages) {
    const page = site.pagePath(file);
    if (scan.refresh) redirectStubs++;
    const base = documentBase(page, scan.base, site.siteOrigins);
    const sharedBase = base.startsWith(siteBase);
    const sameDocument = scan.base === undefined;
    // Read once: a build's facts unpack a page's references each time they are asked for.
    const { refs } = scan;
    const locate = locator(origins, refs, { page, file, recorded: page });
    for (const ref of refs) {
      // A redirect stub's canonical link repeats its refresh target, which is checked as a redirect.
      if (scan.refresh && ref.canonical) continue;
      const verdict =
        sameDocument && ref.value.charCodeAt(0) === 35 /* # */
          ? judge.judgeFragment(ref.value, file, page)
          : judge.judge(ref.value, base, sharedBase);
      tally.record(ref, verdict, locate);
    }
  }
  return redirectStubs;
}

/**
 * Judges every link of the Markdown files the build wrote for answer engines (each page's copy,
 * llms.txt), against their own addresses: a broken link in a copy is a broken link. A copy's
 * links are located at their source through the manifest, as a page's are, and counted as its
 * page's: a link a post's body writes is one finding, on one page, whether its page or its copy
 * (or both) show it broken.
 */
function checkMarkdownFiles(site: LoadedSite, judge: HrefJudge, tally: LinkTally): void {
  const origins = site.manifest ? new OriginIndex(site.manifest) : undefined;
  for (const [file, refs] of site.markdown) {
    const address = site.pagePath(file);
    const html = file.replace(/\.md$/, '.html');
    const page = site.pages.has(html) ? site.pagePath(html) : address;
    const base = documentBase(address, undefined, site.siteOrigins);
    const locate = locator(origins, refs, { page, file, recorded: address });
    for (const ref of refs) tally.record(ref, judge.judge(ref.value, base, false), locate);
  }
}

/** Judges the `<loc>` URLs of every sitemap against the site root. */
function checkSitemaps(site: LoadedSite, judge: HrefJudge, tally: LinkTally): void {
  for (const [file, refs] of site.sitemaps) {
    const page = '/' + file;
    const locate = (ref: ScannedRef): Occurrence => ({
      page,
      file,
      attribute: ref.attribute,
      href: ref.value,
      line: ref.line,
      column: ref.column,
    });
    for (const ref of refs) tally.record(ref, judge.judge(ref.value, siteBase + '/', true), locate);
  }
}

/**
 * Where each reference of one built file is reported: its page and file, and its place in the
 * source when the manifest records the file under `recorded`. The references are counted only for
 * a file with something to report, which is rare.
 */
function locator(
  origins: OriginIndex | undefined,
  refs: readonly ScannedRef[],
  at: { page: string; file: string; recorded: string },
): (ref: ScannedRef) => Occurrence {
  let occurrences: Map<ScannedRef, number> | undefined;
  return (ref) => {
    if (origins?.hasPage(at.recorded)) occurrences ??= countOccurrences(refs);
    return {
      page: at.page,
      file: at.file,
      attribute: ref.attribute,
      href: ref.value,
      line: ref.line,
      column: ref.column,
      landmark: ref.landmark,
      origin: occurrences ? origins!.find(at.recorded, ref.value, occurrences.get(ref) ?? 0) : undefined,
    };
  };
}

/** Which appearance of its href each reference is (0 for the first), to pair it with the manifest's record. */
function countOccurrences(refs: readonly ScannedRef[]): Map<ScannedRef, number> {
  const seen = new Map<string, number>();
  const occurrences = new Map<ScannedRef, number>();
  for (const ref of refs) {
    const n = seen.get(ref.value) ?? 0;
    seen.set(ref.value, n + 1);
    occurrences.set(ref, n);
  }
  return occurrences;
}

/** What the resolver needs from the loaded site: files, redirect stubs, routes and lazy ids. */
export function indexSite(site: LoadedSite) {
  const refreshes = new Map<string, HrefTarget>();
  for (const [file, scan] of site.pages) {
    if (!scan.refresh) continue;
    const base = documentBase(site.pagePath(file), scan.base, site.siteOrigins);
    refreshes.set(file, parseHref(scan.refresh.value, base, site.siteOrigins));
  }
  const ids = new Map<string, Set<string>>();
  // The manifest names routes as the author thinks of them; a stale one must not suggest pages that are gone.
  const routes = site.manifest
    ? site.manifest.routes.filter((r) => site.files.has(r.file)).map((r) => r.path)
    : [...site.pages.keys()].filter((file) => !refreshes.has(file)).map((file) => site.pagePath(file));
  return {
    files: site.files,
    refreshes,
    redirects: site.redirects,
    siteOrigins: site.siteOrigins,
    routes,
    // Ids come from the page's own HTML (what the browser gets), not the manifest, which may be stale.
    idsOf(file: string): ReadonlySet<string> | undefined {
      let set = ids.get(file);
      if (set) return set;
      const scan = site.pages.get(file);
      // A page too large to read has ids nobody knows: its fragments are not judged.
      if (!scan) return site.files.has(file) ? undefined : new Set();
      ids.set(file, (set = new Set(scan.ids)));
      return set;
    },
  };
}
