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
import type { CollectionSpec } from '../config/content-spec.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { collectSiteErrors, SiteError } from '../errors.ts';
import { missingMarkdownImages } from '../render/markdown/check-markdown-images.ts';
import { bundleIndex, loadBundles, type LoadedBundle } from '../load/bundles.ts';
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
import { limitOf } from './carried-files.ts';
import type { ImportPlan, PlannedPost } from './import-posts.ts';
import { judgeLinks } from './import-links.ts';
import { Locator } from './staged-places.ts';

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

/**
 * Writes the plan's posts into `staging`: a folder per post, its `index.md` and its files, read again through the
 * source's guards.
 */
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
  const stagedFile = (post: PlannedPost) => path.join(staging, post.slug, bundleIndex);
  const checking: ImportChecking = {
    target,
    spec,
    staging,
    drafts: new Set(plan.posts.filter((post) => post.draft && !apart.has(post.source)).map(stagedFile)),
    alone: new Set(plan.posts.filter((post) => apart.has(post.source)).map(stagedFile)),
    problems: [],
    warnings: [],
  };
  const staged = await loadStaged(checking);
  const site = await checkWithSite(checking, staged, replaced);
  const rendered = await renderStaged(checking, staged, site);
  const unansweredFeeds = judgeStagedLinks(checking, staged, site, rendered, plan.feeds);
  const located = new Locator(plan, staging, path.join(target.contentDir, spec.folder));
  return {
    problems: dedupe(checking.problems.map((problem) => located.place(problem))),
    warnings: dedupe(checking.warnings.map((warning) => located.place(warning))),
    unansweredFeeds,
  };
}

/** One check under way: what it reads, and what it has found so far. */
interface ImportChecking {
  target: CheckTarget;
  spec: CollectionSpec;
  staging: string;
  /** The staged entry files of drafts: their problems are warnings, as in the build. */
  drafts: Set<string>;
  /** The staged entry files of posts checked on their own, not with the site. */
  alone: Set<string>;
  problems: SiteError[];
  warnings: SiteError[];
}

/** The staged posts as the build reads them, and the files of bundles it could not load. */
interface StagedPosts {
  entries: RawMarkdown[];
  bundles: Map<string, LoadedBundle>;
  unloadable: Set<string>;
}

/** The site with the staged posts, as far as it could be routed and its outputs claimed. */
interface StagedSite {
  routed: RoutedStep | undefined;
  images: PlannedImages | undefined;
  claimed: boolean;
}

/**
 * The posts as the build reads them: front matter, then each bundle's files, images and limits.
 * A bundle's problems are reported here (a draft's as warnings, as the build has them); the site
 * is then checked with the bundle as it would be once they are fixed, so that they stop nothing
 * else from being checked: every other problem of the import is found in this one run.
 */
async function loadStaged(checking: ImportChecking): Promise<StagedPosts> {
  const { target, staging } = checking;
  const stagedFiles = new ContentFiles(staging);
  let entries: RawMarkdown[] = [];
  let bundles = new Map<string, LoadedBundle>();
  try {
    entries = await loadMarkdownFolder(staging, stagedFiles, { bundles: true });
    bundles = await loadBundles(
      { root: staging, collections: { [target.collection]: entries }, data: new Map() },
      stagedFiles,
      { [target.collection]: checking.spec },
      target.cache,
    );
  } catch (error) {
    collectInto(error, checking.problems);
  }
  const unloadable = new Set<string>();
  for (const [folder, bundle] of bundles) {
    const draft = checking.drafts.has(path.join(folder, bundleIndex));
    (draft ? checking.warnings : checking.problems).push(...bundle.problems);
    checking.warnings.push(...bundle.images.warnings);
    // One image the loader refuses leaves every image of its bundle unread.
    if (bundle.problems.length > 0)
      for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }))
        unloadable.add(path.join(entry.parentPath, entry.name));
    bundles.set(folder, { ...bundle, problems: [] });
  }
  return { entries, bundles, unloadable };
}

/** The site with the staged posts, through its own validation, routes and claims. */
async function checkWithSite(
  checking: ImportChecking,
  staged: StagedPosts,
  replaced: ReadonlySet<string>,
): Promise<StagedSite> {
  const { target } = checking;
  const site: StagedSite = { routed: undefined, images: undefined, claimed: false };
  try {
    const loaded = withStaged(
      await loadStep(target.site, target.root, target.contentDir, target.cache),
      target.collection,
      staged.entries.filter((entry) => !checking.alone.has(entry.file)),
      staged.bundles,
      replaced,
    );
    site.routed = routeStep(validateStep(loaded, { env: target.env }));
    site.images = planImages(site.routed);
    claimStep(site.routed, site.images, prepareShareCards(site.routed, target.cache));
    site.claimed = true;
  } catch (error) {
    collectInto(error, checking.problems);
  }
  return site;
}

/** Every body, rendered and checked as the build renders it; a draft's problems are warnings, as in the build. */
async function renderStaged(
  checking: ImportChecking,
  staged: StagedPosts,
  site: StagedSite,
): Promise<Map<string, RenderedMarkdown>> {
  const bodies = staged.entries.map((entry) => ({ file: entry.file, body: entry.body, bodyLine: entry.bodyLine }));
  const rendered = new Map<string, RenderedMarkdown>();
  await renderBodies(bodies, {
    cache: checking.target.cache,
    onBody: (file, written) => rendered.set(file, checkBody(checking, staged, site, file, written)),
  }).catch((error: unknown) => {
    for (const problem of collectSiteErrors(error) ?? [])
      (checking.drafts.has(problem.file ?? '') ? checking.warnings : checking.problems).push(problem);
    if (!collectSiteErrors(error)) throw error;
  });
  return rendered;
}

/** Checks one rendered body as the build does (embeds, placeholders, relative references, images), and resolves it. */
function checkBody(
  checking: ImportChecking,
  staged: StagedPosts,
  { routed, images }: StagedSite,
  file: string,
  written: RenderedMarkdown,
): RenderedMarkdown {
  const { body, warnings: refused } = applyEmbedRule(written, checking.target.site.definition.markdown?.embeds);
  const draft = checking.drafts.has(file);
  checking.warnings.push(
    ...[...withoutSitePlaceholders(body.warnings ?? [], checking.spec.placeholders), ...refused].map(
      ({ code, message, line, column }) => new SiteError({ code, message, line, column, file }),
    ),
  );
  const url = routed?.addresses.pages.get(file);
  const withSite = routed !== undefined && !draft && !checking.alone.has(file);
  const addresses = withSite ? routed.addresses : ownFiles(path.dirname(file), staged.bundles);
  const resolved = resolveRelativeReferences(file, body, addresses, { ...(url ? { url } : {}), bundle: true });
  // An image its bundle could not load (too large, unreadable) is reported as that, not as missing.
  const unloaded = (problem: SiteError) => {
    const image = body.images?.find(
      (candidate) => candidate.line === problem.line && candidate.column === problem.column,
    );
    return image !== undefined && staged.unloadable.has(path.resolve(path.dirname(file), image.src));
  };
  const missing = resolved.problems.filter((problem) => !unloaded(problem));
  const imageIndex = images?.index ?? new Map();
  const found = [...missing, ...(withSite ? missingMarkdownImages(file, resolved.body, imageIndex) : [])];
  (draft ? checking.warnings : checking.problems).push(...found);
  return resolved.body;
}

/**
 * Links, as the link checker judges them, where the site could be routed with the posts; the old
 * feeds the site does not answer.
 */
function judgeStagedLinks(
  checking: ImportChecking,
  staged: StagedPosts,
  { routed, images, claimed }: StagedSite,
  rendered: Map<string, RenderedMarkdown>,
  feeds: string[],
): string[] {
  if (!routed || !images || !claimed) return [];
  const judged = judgeLinks(
    routed,
    images,
    staged.entries.filter((entry) => !checking.drafts.has(entry.file) && !checking.alone.has(entry.file)),
    rendered,
    feeds,
  );
  checking.problems.push(...judged.problems);
  checking.warnings.push(...judged.warnings);
  return judged.unansweredFeeds;
}

/** Adds the site's problems an error holds to `into`; any other error is thrown on. */
function collectInto(error: unknown, into: SiteError[]): void {
  const found = collectSiteErrors(error);
  if (!found) throw error;
  into.push(...found);
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

/**
 * What a draft's relative references resolve to: the files of its own bundle, as the build resolves them for a draft.
 */
function ownFiles(folder: string, bundles: Map<string, LoadedBundle>) {
  const files = new Map<string, string>();
  const bundle = bundles.get(folder);
  for (const image of [...(bundle?.images.svg ?? []), ...(bundle?.images.raster ?? [])])
    files.set(image.source, image.url);
  for (const file of bundle?.files ?? []) files.set(file.source, `/${file.path}`);
  return { files, pages: new Map<string, string>() };
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
