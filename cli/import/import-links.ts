// The links of imported bodies judged by the link checker (its resolver and judge) against what
// the build will publish: every page, redirect (with its forced `_redirects` rule and its stub),
// image, page-bundle file, feed and file of the site. A fragment is judged on an imported page by
// the ids of its body; on another page it is not judged here (the build's check does).
import { parseHref, documentBase } from '../check/href.ts';
import { HrefJudge } from '../check/href-verdict.ts';
import { scanHtml } from '../check/html-scan.ts';
import { SiteResolver, type SiteIndex } from '../check/resolve-target.ts';
import { SiteError } from '../errors.ts';
import type { RawMarkdown } from '../load/load-content.ts';
import type { PlannedImages } from '../pipeline/assets-step.ts';
import type { RoutedStep } from '../pipeline/route-step.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import { RedirectTable } from '../static-host/redirect-table.ts';

/** The route of a page. */
type PageRoute = RoutedStep['routes'][number];

/** What the judge found in the imported bodies, and the old feeds the site does not answer. */
export interface JudgedLinks {
  problems: SiteError[];
  warnings: SiteError[];
  unansweredFeeds: string[];
}

/** Judges the links of `entries` (their bodies as rendered) and the old site's `feeds`. */
export function judgeLinks(
  routed: RoutedStep,
  images: PlannedImages,
  entries: RawMarkdown[],
  rendered: Map<string, RenderedMarkdown>,
  feeds: string[],
): JudgedLinks {
  const origins = new Set([new URL(routed.settings.siteUrl).origin]);
  const pageOf = new Map(routed.routes.map((route) => [route.source, route]));
  const resolver = new SiteResolver(indexSite(routed, images, idsOfPages(entries, pageOf, rendered), origins));
  const judge = new HrefJudge(resolver, () => false, origins);
  const judged: JudgedLinks = { problems: [], warnings: [], unansweredFeeds: [] };
  for (const entry of entries) {
    const route = pageOf.get(entry.file);
    const body = rendered.get(entry.file);
    if (route && body) judgeBody(judge, entry.file, route, body, origins, judged);
  }
  judged.unansweredFeeds = feeds.filter((feed) => resolver.resolve(feed).problem !== undefined);
  return judged;
}

/** The ids of each imported page, by its output file, from its rendered body. */
function idsOfPages(
  entries: RawMarkdown[],
  pageOf: Map<string, PageRoute>,
  rendered: Map<string, RenderedMarkdown>,
): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const entry of entries) {
    const route = pageOf.get(entry.file);
    const body = rendered.get(entry.file);
    if (route && body) ids.set(route.file, new Set(scanHtml(body.html).ids));
  }
  return ids;
}

/** What the site will publish, as the link checker's resolver reads it. */
function indexSite(
  routed: RoutedStep,
  images: PlannedImages,
  ids: Map<string, Set<string>>,
  origins: Set<string>,
): SiteIndex {
  const table = new RedirectTable();
  const refreshes = new Map<string, ReturnType<typeof parseHref>>();
  for (const redirect of routed.redirects) {
    const declared = { file: '_redirects', line: 1, column: 1, attribute: '_redirects' };
    table.add({ from: redirect.from, to: redirect.to, status: 301, force: true, declared });
    refreshes.set(redirect.file, parseHref(redirect.to, documentBase('/', undefined, origins), origins));
  }
  return {
    files: listPublishedFiles(routed, images),
    redirects: table,
    siteOrigins: origins,
    routes: routed.routes.map((route) => route.path),
    refreshes: refreshes as SiteIndex['refreshes'],
    idsOf: (file) => ids.get(file),
  };
}

/** Every file the build will publish, by its path from the output folder. */
function listPublishedFiles(routed: RoutedStep, images: PlannedImages): Set<string> {
  const files = new Set<string>([
    ...routed.routes.map((route) => route.file),
    ...routed.redirects.map((redirect) => redirect.file),
  ]);
  for (const output of images.outputs) files.add(output.url.slice(1));
  for (const bundle of routed.pageBundles) for (const file of bundle.files) files.add(file.url.slice(1));
  for (const feed of routed.site.definition.feeds?.(routed.model) ?? []) files.add(feed.path.slice(1));
  const siteFiles = routed.site.definition.files?.(routed.model, { images: images.index, settings: routed.settings });
  for (const file of siteFiles ?? []) files.add(file.path.slice(1));
  return files;
}

/** Judges the links of one body: a broken link is a problem, any other finding a warning. */
function judgeBody(
  judge: HrefJudge,
  file: string,
  route: PageRoute,
  body: RenderedMarkdown,
  origins: Set<string>,
  judged: JudgedLinks,
): void {
  for (const link of body.links) {
    const verdict = link.href.startsWith('#')
      ? judge.judgeFragment(link.href, route.file, route.path)
      : judge.judge(link.href, documentBase(route.url, undefined, origins), false);
    if (verdict.status !== 'finding') continue;
    const { problem } = verdict;
    const suggestion =
      problem.suggestion && verdict.kind === 'broken-link' ? ` (did you mean ${problem.suggestion}?)` : '';
    const finding = new SiteError({
      code: problem.code,
      message: `${link.href}: ${problem.reason}${suggestion}`,
      file,
      line: link.line,
      column: link.column,
    });
    (verdict.kind === 'broken-link' ? judged.problems : judged.warnings).push(finding);
  }
}
