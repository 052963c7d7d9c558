// One import, from the folder read to the posts written: planned (import-posts.ts), staged and
// checked as the build will check it (check-import.ts), then, when nothing would stop the build,
// moved into the content folder all at once (write-import.ts); the report is written either way.
// With `draftsOnError`, the posts whose problems the build has only for a post it builds come in
// as drafts, and the rest is checked again.
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Cache } from '../cache/cache.ts';
import type { LoadedSite } from '../config/load-site.ts';
import type { Archetype } from '../config/archetype-spec.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import { loadMarkdownFolder } from '../load/load-content.ts';
import { existingSlugs } from '../validate/new-entry.ts';
import { useSiteLimits } from '../pipeline/load-step.ts';
import { checkImport, stageImport, type CheckTarget } from './check-import.ts';
import { planImport, type ImportPlan, type ImportTarget, type PlannedPost } from './import-posts.ts';
import { renderReport, writeReport, type ImportOutcome } from './import-report.ts';
import { commitImport, readManifest, replaceablePosts } from './write-import.ts';

/** What one import is asked to do. */
export interface ImportRun {
  site: LoadedSite;
  /** The project: the site's code lives here, and paths in the report are shown from it. */
  root: string;
  archetype: Archetype & { imported: NonNullable<Archetype['imported']> };
  /** The collection's folder, where the posts go. */
  folder: string;
  contentDir: string;
  /** The source folder's real path. */
  source: string;
  report: { file: string; found: 'absent' | 'earlier-report' };
  cache: Cache;
  env: Record<string, string | undefined>;
  draftsOnError?: boolean;
  update?: boolean;
}

/** What the import did: its plan, and how it ended. */
export interface ImportResult {
  plan: ImportPlan;
  outcome: ImportOutcome;
}

/** Runs an import (see the top of this file); throws every problem at once when it wrote nothing. */
export async function runImport(run: ImportRun): Promise<ImportResult> {
  const setup = await prepareImport(run);
  try {
    const { plan, outcome, replaced } = await attemptWithDrafts(setup);
    if (outcome.problems.length > 0) {
      writeReport(run.report.file, renderReport(plan, run.root, outcome), run.report.found);
      throw new SiteErrorList(outcome.problems);
    }
    await commitImport(plan, setup.staging, run.folder, setup.manifest, replaced);
    const written = { ...outcome, written: true };
    writeReport(run.report.file, renderReport(plan, run.root, written), run.report.found);
    return { plan, outcome: written };
  } finally {
    await rm(setup.staging, { recursive: true, force: true });
  }
}

/** What every attempt of one import shares: the site's posts, what `--update` may replace, where it stages. */
interface ImportSetup {
  run: ImportRun;
  manifest: ReturnType<typeof readManifest>;
  updating: ReturnType<typeof replaceablePosts>;
  target: ImportTarget;
  checkTarget: CheckTarget;
  staging: string;
}

/** One attempt: its plan, the posts it replaces, the problems its plan found, and how it ended. */
interface ImportAttempt {
  plan: ImportPlan;
  replaced: Set<string>;
  planned: SiteError[];
  outcome: ImportOutcome;
}

/** Reads what the site has (its posts, an earlier import's manifest) and chooses the staging folder. */
async function prepareImport(run: ImportRun): Promise<ImportSetup> {
  const collection = run.site.definition.content.collections[run.archetype.collection]!;
  // The site's limits are the import's: a file the build would refuse is refused here.
  useSiteLimits(run.site);
  const manifest = readManifest(run.folder);
  const existing = existingSlugs(await loadMarkdownFolder(run.folder, undefined, { bundles: true }));
  const updating = run.update
    ? replaceablePosts(run.folder, manifest, Object.keys(manifest.posts))
    : { replaceable: new Set<string>(), problems: [] };
  const checkTarget: CheckTarget = {
    site: run.site,
    root: run.root,
    contentDir: run.contentDir,
    collection: run.archetype.collection,
    cache: run.cache,
    env: run.env,
  };
  // Beside the collection's folder, so that every post is put in place by a rename; hidden, so no
  // build reads it.
  const staging = path.join(
    path.dirname(run.folder),
    `.sitegen-import-${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  const target: ImportTarget = { archetype: run.archetype, collection, folder: run.folder, existing };
  return { run, manifest, updating, target, checkTarget, staging };
}

/**
 * Attempts the import; with `draftsOnError`, again with the posts that have problems as drafts. A
 * post made a draft leaves the build, and a link to it breaks: such posts' problems show on the
 * next check, until no post has a problem a draft would not have.
 */
async function attemptWithDrafts(setup: ImportSetup): Promise<ImportAttempt> {
  let result = await attemptImport(setup);
  const drafts = new Map<string, string[]>();
  while (setup.run.draftsOnError && result.outcome.problems.length > 0) {
    const before = drafts.size;
    for (const post of result.plan.posts) {
      const own = result.outcome.problems.filter((problem) => belongsTo(problem, post));
      if (own.length > 0 && !drafts.has(post.source) && !result.planned.some((problem) => belongsTo(problem, post)))
        drafts.set(post.source, [...new Set(own.map((problem) => problem.code))]);
    }
    if (drafts.size === before) break;
    result = await attemptImport(setup, new Map(drafts));
  }
  return result;
}

/** Plans the import, stages it and checks it with the site; `drafts` are the posts to import as drafts. */
async function attemptImport(
  { run, updating, target, checkTarget, staging }: ImportSetup,
  drafts?: ReadonlyMap<string, string[]>,
): Promise<ImportAttempt> {
  await rm(staging, { recursive: true, force: true });
  // A post changed since its import is named as such, not as a post the site already has.
  const changed = updating.problems.map((problem) => path.basename(problem.file ?? ''));
  const plan = planImport(run.source, target, {
    replaceable: new Set([...updating.replaceable, ...changed]),
    ...(drafts ? { drafts } : {}),
  });
  const slugs = new Set(plan.posts.map((post) => post.slug));
  // The site is checked without the posts this import would replace; a changed one stops the
  // import before anything is replaced.
  const replaced = new Set([...updating.replaceable, ...changed].filter((slug) => slugs.has(slug)));
  const planned = [
    ...plan.problems,
    ...updating.problems.filter((problem) => slugs.has(path.basename(problem.file ?? ''))),
  ];
  // A post whose front matter could not be planned is checked on its own, not with the site.
  const apart = new Set(
    plan.posts.filter((post) => planned.some((problem) => belongsTo(problem, post))).map((post) => post.source),
  );
  await stageImport(plan, staging);
  const checked = await checkImport(
    plan,
    staging,
    checkTarget,
    new Set([...replaced].map((slug) => path.join(run.folder, slug))),
    apart,
  );
  const outcome: ImportOutcome = {
    written: false,
    problems: [...planned, ...checked.problems],
    warnings: checked.warnings,
    unansweredFeeds: checked.unansweredFeeds,
  };
  return { plan, replaced, planned, outcome };
}

/** Whether a problem is in a post's file, or in one of the files it brings. */
function belongsTo(problem: SiteError, post: PlannedPost): boolean {
  const file = problem.file;
  if (!file) return false;
  return (
    file === post.source ||
    post.copies.has(file) ||
    (path.basename(post.source) === 'index.md' && file.startsWith(path.dirname(post.source) + path.sep))
  );
}
