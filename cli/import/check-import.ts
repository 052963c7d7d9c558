// An import checked as the build will check it, before anything is written into the content
// folder: the planned posts are written to a staging folder beside it, read back by the build's
// own loader (front matter, page bundles, images with their limits and the SVG sanitizer), put
// beside the site's content, validated and routed by the site's own model and routes (schemas,
// slugs, aliases claiming paths), their bodies rendered by the Markdown pipeline (alt text,
// unclosed HTML, images on other hosts, missing files, the site's embeds) and their links
// judged by the link checker against the site's pages and redirects. Every problem is collected,
// then located in the other generator's file it comes from, so that one run says everything the
// build would say, across as many rounds as it would take.
import { readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import { parseHref, documentBase } from '../check/href.ts';
import { HrefJudge } from '../check/href-verdict.ts';
import { scanHtml } from '../check/html-scan.ts';
import { SiteResolver, type SiteIndex } from '../check/resolve-target.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { collectSiteErrors, SiteError } from '../errors.ts';
import { missingMarkdownImages } from '../render/markdown/check-markdown-images.ts';
import { bundleIndex, loadBundles, type LoadedBundle } from '../load/bundles.ts';
import { lineStarts } from '../shared/locate-field.ts';
import { loadMarkdownFolder, type RawMarkdown } from '../load/load-content.ts';
import { ContentFiles } from '../shared/read-content-file.ts';
import { loadStep, type LoadedStep } from '../pipeline/load-step.ts';
import { planImages, prepareShareCards, type PlannedImages } from '../pipeline/assets-step.ts';
import { claimStep } from '../pipeline/claim-step.ts';
import { routeStep, type RoutedStep } from '../pipeline/route-step.ts';
import { validateStep } from '../pipeline/validate-step.ts';
import { applyEmbedRule } from '../render/markdown/markdown-embeds.ts';
import { resolveRelativeReferences } from '../render/markdown/relative-references.ts';
import { renderBodies } from '../render/markdown/render-bodies.ts';
import { withoutSitePlaceholders } from '../render/markdown/template-tags.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import { RedirectTable } from '../static-host/redirect-table.ts';
import { limitOf } from './carried-files.ts';
import type { ImportPlan, PlannedPost } from './import-posts.ts';

/** What checking an import found: problems keep it from being written; warnings are what the build will warn about. */
export interface ImportCheck {
  problems: SiteError[];
  warnings: SiteError[];
  /** The old site's feed addresses the site does not answer. */
  unansweredFeeds: string[];
}

/** What the check needs of the project. */
export interface CheckTarget {
  site: LoadedSite;
  root: string;
  contentDir: string;
  /** The collection the posts go into, by name. */
  collection: string;
  cache: Cache;
  /** The site's environment, as `build` reads it (the variables the definition names). */
  env: Record<string, string | undefined>;
}

/** Writes the plan's posts into `staging`: a folder per post, its `index.md` and its files, read again through the source's guards. */
export async function stageImport(plan: ImportPlan, staging: string): Promise<void> {
  const files = new ContentFiles(plan.source);
  await mkdir(staging);
  const staged = new Set<string>();
  for (const post of plan.posts) {
    // A second post of one slug is already an error of the plan (`import.duplicate-slug`), and is not checked further.
    if (staged.has(post.slug)) continue;
    staged.add(post.slug);
    const folder = path.join(staging, post.slug);
    await mkdir(folder);
    await writeFile(path.join(folder, bundleIndex), post.text, { flag: 'wx' });
    for (const [source, name] of post.copies) {
      const destination = path.join(folder, ...name.split('/'));
      await mkdir(path.dirname(destination), { recursive: true });
      await writeFile(destination, files.readBytes(source, limitOf(source)), { flag: 'wx' });
    }
  }
}

/**
 * Checks the staged posts with the site (see the top of this file). `replaced` are the folders
 * of the site's posts the import replaces (`--update`): the site is read without them. Posts whose
 * front matter could not be planned (`apart`, by source file) are checked on their own: their
 * bodies and files, not with the site.
 */
export async function checkImport(
  plan: ImportPlan,
  staging: string,
  target: CheckTarget,
  replaced: ReadonlySet<string>,
  apart: ReadonlySet<string>,
): Promise<ImportCheck> {
  const spec = target.site.definition.content.collections[target.collection]!;
  const located = new Locator(plan, staging, path.join(target.contentDir, spec.folder));
  const problems: SiteError[] = [];
  const warnings: SiteError[] = [];
  const collect = (error: unknown, into: SiteError[]) => {
    const found = collectSiteErrors(error);
    if (!found) throw error;
    into.push(...found);
  };
  const stagedFile = (post: PlannedPost) => path.join(staging, post.slug, bundleIndex);
  const drafts = new Set(plan.posts.filter((post) => post.draft && !apart.has(post.source)).map(stagedFile));
  const alone = new Set(plan.posts.filter((post) => apart.has(post.source)).map(stagedFile));
  const stagedFiles = new ContentFiles(staging);

  // The posts as the build reads them: front matter, then each bundle's files, images and limits.
  let staged: RawMarkdown[] = [];
  let stagedBundles = new Map<string, LoadedBundle>();
  try {
    staged = await loadMarkdownFolder(staging, stagedFiles, { bundles: true });
    stagedBundles = await loadBundles(
      { root: staging, collections: { [target.collection]: staged }, data: new Map() },
      stagedFiles,
      { [target.collection]: spec },
      target.cache,
    );
  } catch (error) {
    collect(error, problems);
  }
  // A bundle's problems are reported here (a draft's as warnings, as the build has them); the site
  // is then checked with the bundle as it would be once they are fixed, so that they stop nothing
  // else from being checked: every other problem of the import is found in this one run.
  const unloadable = new Set<string>();
  for (const [folder, bundle] of stagedBundles) {
    const draft = drafts.has(path.join(folder, bundleIndex));
    (draft ? warnings : problems).push(...bundle.problems);
    warnings.push(...bundle.images.warnings);
    // One image the loader refuses leaves every image of its bundle unread.
    if (bundle.problems.length > 0)
      for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
        unloadable.add(path.join(entry.parentPath, entry.name));
    stagedBundles.set(folder, { ...bundle, problems: [] });
  }

  // The site with them, through its own validation, routes and claims.
  let routed: RoutedStep | undefined;
  let images: PlannedImages | undefined;
  let claimed = false;
  try {
    const withSite = staged.filter((entry) => !alone.has(entry.file));
    const loaded = withStaged(
      await loadStep(target.site, target.root, target.contentDir, target.cache),
      target.collection,
      withSite,
      stagedBundles,
      replaced,
    );
    routed = routeStep(validateStep(loaded, { env: target.env }));
    images = planImages(routed);
    claimStep(routed, images, prepareShareCards(routed, target.cache));
    claimed = true;
  } catch (error) {
    collect(error, problems);
  }

  // Every body, rendered and checked as the build renders it; a draft's problems are warnings, as in the build.
  const bodies = staged.map((entry) => ({ file: entry.file, body: entry.body, bodyLine: entry.bodyLine }));
  const rendered = new Map<string, RenderedMarkdown>();
  const imageIndex = images?.index ?? new Map();
  await renderBodies(bodies, {
    cache: target.cache,
    onBody: (file, written) => {
      const { body, warnings: refused } = applyEmbedRule(written, target.site.definition.markdown?.embeds);
      const draft = drafts.has(file);
      warnings.push(
        ...[...withoutSitePlaceholders(body.warnings ?? [], spec.placeholders), ...refused].map(
          ({ code, message, line, column }) => new SiteError({ code, message, line, column, file }),
        ),
      );
      const url = routed?.addresses.pages.get(file);
      const withSite = routed !== undefined && !draft && !alone.has(file);
      const addresses = withSite ? routed!.addresses : ownFiles(path.dirname(file), stagedBundles);
      const resolved = resolveRelativeReferences(file, body, addresses, { ...(url ? { url } : {}), bundle: true });
      rendered.set(file, resolved.body);
      // An image its bundle could not load (too large, unreadable) is reported as that, not as missing.
      const unloaded = (problem: SiteError) => {
        const image = body.images?.find(
          (candidate) => candidate.line === problem.line && candidate.column === problem.column,
        );
        return image !== undefined && unloadable.has(path.resolve(path.dirname(file), image.src));
      };
      const missing = resolved.problems.filter((problem) => !unloaded(problem));
      const found = [...missing, ...(withSite ? missingMarkdownImages(file, resolved.body, imageIndex) : [])];
      (draft ? warnings : problems).push(...found);
    },
  }).catch((error: unknown) => {
    for (const problem of collectSiteErrors(error) ?? [])
      (drafts.has(problem.file ?? '') ? warnings : problems).push(problem);
    if (!collectSiteErrors(error)) throw error;
  });

  // Links, as the link checker judges them, where the site could be routed with the posts.
  const unansweredFeeds: string[] = [];
  if (routed && images && claimed) {
    const judged = judgeLinks(
      routed,
      images,
      staged.filter((entry) => !drafts.has(entry.file) && !alone.has(entry.file)),
      rendered,
      plan.feeds,
    );
    problems.push(...judged.problems);
    warnings.push(...judged.warnings);
    unansweredFeeds.push(...judged.unansweredFeeds);
  }
  return {
    problems: dedupe(problems.map((problem) => located.place(problem))),
    warnings: dedupe(warnings.map((warning) => located.place(warning))),
    unansweredFeeds,
  };
}

/** The site's content with the staged posts among its collection's, and without the posts they replace. */
function withStaged(
  loaded: LoadedStep,
  collection: string,
  staged: RawMarkdown[],
  stagedBundles: Map<string, LoadedBundle>,
  replaced: ReadonlySet<string>,
): LoadedStep {
  const own = (loaded.raw.collections[collection] ?? []).filter(
    (entry) => !(entry.bundle && replaced.has(entry.bundle)),
  );
  const bundles = new Map([...loaded.bundles].filter(([folder]) => !replaced.has(folder)));
  for (const [folder, bundle] of stagedBundles) bundles.set(folder, bundle);
  return {
    ...loaded,
    raw: { ...loaded.raw, collections: { ...loaded.raw.collections, [collection]: [...own, ...staged] } },
    bundles,
  };
}

/** What a draft's relative references resolve to: the files of its own bundle, as the build resolves them for a draft. */
function ownFiles(folder: string, bundles: Map<string, LoadedBundle>) {
  const files = new Map<string, string>();
  const bundle = bundles.get(folder);
  for (const image of [...(bundle?.images.svg ?? []), ...(bundle?.images.raster ?? [])])
    files.set(image.source, image.url);
  for (const file of bundle?.files ?? []) files.set(file.source, `/${file.path}`);
  return { files, pages: new Map<string, string>() };
}

/**
 * The links of the imported bodies judged by the link checker (its resolver and judge) against
 * what the build will publish: every page, redirect (with its forced `_redirects` rule and its
 * stub), image, page-bundle file, feed and file of the site. A fragment is judged on an imported
 * page by the ids of its body; on another page it is not judged here (the build's check does).
 */
function judgeLinks(
  routed: RoutedStep,
  images: PlannedImages,
  entries: RawMarkdown[],
  rendered: Map<string, RenderedMarkdown>,
  feeds: string[],
) {
  const origins = new Set([new URL(routed.settings.siteUrl).origin]);
  const files = new Set<string>([
    ...routed.routes.map((route) => route.file),
    ...routed.redirects.map((redirect) => redirect.file),
  ]);
  for (const output of images.outputs) files.add(output.url.slice(1));
  for (const bundle of routed.pageBundles) for (const file of bundle.files) files.add(file.url.slice(1));
  for (const feed of routed.site.definition.feeds?.(routed.model) ?? []) files.add(feed.path.slice(1));
  for (const file of routed.site.definition.files?.(routed.model, {
    images: images.index,
    settings: routed.settings,
  }) ?? [])
    files.add(file.path.slice(1));
  const table = new RedirectTable();
  const refreshes = new Map<string, ReturnType<typeof parseHref>>();
  for (const redirect of routed.redirects) {
    const declared = { file: '_redirects', line: 1, column: 1, attribute: '_redirects' };
    table.add({ from: redirect.from, to: redirect.to, status: 301, force: true, declared });
    refreshes.set(redirect.file, parseHref(redirect.to, documentBase('/', undefined, origins), origins));
  }
  const pageOf = new Map(routed.routes.map((route) => [route.source, route]));
  const ids = new Map<string, Set<string>>();
  for (const entry of entries) {
    const route = pageOf.get(entry.file);
    const body = rendered.get(entry.file);
    if (route && body) ids.set(route.file, new Set(scanHtml(body.html).ids));
  }
  const index: SiteIndex = {
    files,
    redirects: table,
    siteOrigins: origins,
    routes: routed.routes.map((route) => route.path),
    refreshes: refreshes as SiteIndex['refreshes'],
    idsOf: (file) => ids.get(file),
  };
  const resolver = new SiteResolver(index);
  const judge = new HrefJudge(resolver, () => false, origins);
  const problems: SiteError[] = [];
  const warnings: SiteError[] = [];
  for (const entry of entries) {
    const route = pageOf.get(entry.file);
    const body = rendered.get(entry.file);
    if (!route || !body) continue;
    for (const link of body.links) {
      const verdict = link.href.startsWith('#')
        ? judge.judgeFragment(link.href, route.file, route.path)
        : judge.judge(link.href, documentBase(route.url, undefined, origins), false);
      if (verdict.status !== 'finding') continue;
      const { problem } = verdict;
      const finding = new SiteError({
        code: problem.code,
        message: `${link.href}: ${problem.reason}${problem.suggestion && verdict.kind === 'broken-link' ? ` (did you mean ${problem.suggestion}?)` : ''}`,
        file: entry.file,
        line: link.line,
        column: link.column,
      });
      (verdict.kind === 'broken-link' ? problems : warnings).push(finding);
    }
  }
  const unansweredFeeds = feeds.filter((feed) => resolver.resolve(feed).problem !== undefined);
  return { problems, warnings, unansweredFeeds };
}

/** Places of the staged files, told as places in the source the import read. */
class Locator {
  private readonly byFolder = new Map<string, { post: PlannedPost; starts: number[]; copies: Map<string, string> }>();

  constructor(
    private readonly plan: ImportPlan,
    private readonly staging: string,
    private readonly folder: string,
  ) {
    for (const post of plan.posts) {
      // The staged folder of a slug is its first post's (stageImport).
      if (this.byFolder.has(post.slug)) continue;
      this.byFolder.set(post.slug, {
        post,
        starts: lineStarts(post.body),
        copies: new Map([...post.copies].map(([source, name]) => [name, source])),
      });
    }
  }

  /** The problem at its place in the source, when it is in a staged file; a path of the staging folder in its message or hint is where the post will be. */
  place(error: SiteError): SiteError {
    const message = error.message.replaceAll(this.staging, this.folder);
    const hint = error.hint?.replaceAll(this.staging, this.folder);
    const file = error.file;
    if (!file || (file !== this.staging && !file.startsWith(this.staging + path.sep)))
      return message === error.message && hint === error.hint ? error : copy(error, { message, hint });
    const [slug = '', ...rest] = path.relative(this.staging, file).split(path.sep);
    const found = this.byFolder.get(slug);
    if (!found) return copy(error, { message, hint, file: this.plan.source });
    const { post } = found;
    const inside = rest.join('/');
    if (inside === '') return copy(error, { message, hint, file: post.source });
    if (inside !== bundleIndex)
      return copy(error, {
        message,
        hint,
        file: found.copies.get(inside) ?? post.source,
        line: error.line,
        column: error.column,
      });
    const line = error.line ?? 1;
    if (line < post.origin.writtenBodyLine) {
      const key = /^([\w-]+):/.exec(post.text.split('\n')[line - 1] ?? '')?.[1];
      return copy(error, {
        message,
        hint,
        file: post.source,
        line: key ? post.origin.fieldLine(key) : 1,
        column: undefined,
      });
    }
    const lineStart = found.starts[line - post.origin.writtenBodyLine] ?? post.body.length;
    const at = post.origin.sourceOf(lineStart + (error.column ?? 1) - 1);
    return copy(error, {
      message,
      hint,
      file: post.source,
      line: at.line,
      column: error.column === undefined ? undefined : at.column,
    });
  }
}

function copy(
  error: SiteError,
  changes: { message?: string; hint?: string | undefined; file?: string; line?: number; column?: number | undefined },
): SiteError {
  const line = 'line' in changes ? changes.line : error.line;
  const column = 'column' in changes ? changes.column : error.column;
  const hint = 'hint' in changes ? changes.hint : error.hint;
  return new SiteError({
    code: error.code,
    message: changes.message ?? error.message,
    ...(hint ? { hint } : {}),
    file: changes.file ?? error.file,
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
    cause: error,
  });
}

/** One of each problem said twice at one place (the build's steps may find one thing twice). */
function dedupe(errors: SiteError[]): SiteError[] {
  const seen = new Set<string>();
  return errors.filter((error) => {
    const key = `${error.code}\n${error.file}\n${error.line}\n${error.column}\n${error.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
