// `sitegen import`: another generator's posts brought into a site's posts collection as page
// bundles. Every post is read and mapped before anything is written: its front matter through
// the site's archetype (whatever the site leaves out is kept under `extra`), its old addresses
// as aliases, its other generator's markup converted where it has an equivalent, its references
// planned. What would keep a post from being imported is collected, located in the source, with
// every other post's; check-import.ts then checks the posts as the build will, and write-import.ts
// writes them, all or none.
import type { Archetype } from '../config/archetype-spec.ts';
import type { CollectionSpec } from '../config/content-spec.ts';
import { collectSiteErrors, SiteError } from '../errors.ts';
import { ContentFiles } from '../shared/read-content-file.ts';
import { headingIds } from './body-tree.ts';
import { oneSpelling, slugsOf } from './import-slugs.ts';
import { commonFields, type CommonPost } from './common-fields.ts';
import { planPost, type PlanContext } from './post-plan.ts';
import { readPost, type ReadPost } from './read-post.ts';
import { scanSource, type SourcePost, type SourceScan } from './scan-source.ts';
import type { Generator } from './source-site.ts';

/** Where a place of a post's new `index.md` came from in the source. */
export interface PostOrigin {
  /** The line of the new `index.md` its body starts on. */
  writtenBodyLine: number;
  /** The line and column in the source file of an offset in the new body. */
  sourceOf(offset: number): { line: number; column: number };
  /** The line in the source file of the field a front-matter key of the new file holds (1 when it is not known). */
  fieldLine(key: string): number;
}

/** One post as it will be written. */
export interface PlannedPost {
  /** The source's Markdown file. */
  source: string;
  /** What it was: a page bundle, a single file, or a Jekyll post (`YYYY-MM-DD-slug.md`). */
  kind: 'bundle' | 'file' | 'jekyll';
  slug: string;
  /** The slug it would have had, when another post of the import has it too: both get their dates. */
  renamedFrom?: string;
  /** The new bundle's folder. */
  folder: string;
  /** Its `index.md`. */
  text: string;
  /** The new body (`text` after its front matter). */
  body: string;
  /** Source files copied into the folder, by their path there. */
  copies: Map<string, string>;
  /** Front-matter keys of the source and the site's field each went to. */
  mapped: { from: string; to: string }[];
  /** Keys kept under `extra`, each with why. */
  kept: { key: string; why: string }[];
  notCarried: string[];
  rewritten: { line: number; from: string; to: string }[];
  /** Other generators' markup converted, each at its line in the source. */
  converted: { line: number; from: string; to: string }[];
  /** Tags and categories written as another imported post first wrote them. */
  respelled: { from: string; to: string }[];
  /** Its old addresses, each redirected to it where the site takes aliases. */
  aliases: string[];
  draft: boolean;
  /** Why it is imported as a draft though it was published (`--drafts-on-error`): its problems. */
  draftBecause?: string[];
  origin: PostOrigin;
}

/** Everything an import will do, decided before anything is written. */
export interface ImportPlan {
  source: string;
  generator: Generator;
  /** The old site's feed addresses. */
  feeds: string[];
  posts: PlannedPost[];
  skipped: { file: string; reason: string }[];
  /** What keeps the import from being written, each at its place in the source. */
  problems: SiteError[];
  /** What the report says of the source as a whole (a configuration file it could not read). */
  notes: string[];
}

/** What the plan needs of the site. */
export interface ImportTarget {
  archetype: Archetype & { imported: NonNullable<Archetype['imported']> };
  collection: CollectionSpec;
  /** The collection's folder: the new bundles go in it. */
  folder: string;
  /** Slugs the site's entries have, with their files. */
  existing: ReadonlyMap<string, string>;
}

/** How this import differs from a first one. */
export interface ImportOptions {
  /** Posts (by their source file) to import as drafts, with their problems (`--drafts-on-error`). */
  drafts?: ReadonlyMap<string, string[]>;
  /** Slugs of the site's posts an earlier import wrote and this one may replace (`--update`). */
  replaceable?: ReadonlySet<string>;
}

/**
 * Reads, maps and plans every post of `sourceFolder`; what keeps any from being imported is in
 * `problems`, located in the source.
 */
export function planImport(sourceFolder: string, target: ImportTarget, options: ImportOptions = {}): ImportPlan {
  const files = new ContentFiles(sourceFolder);
  const scan = scanSource(sourceFolder, files);
  const problems: SiteError[] = [...scan.problems];
  const skipped = [...scan.skipped];
  const read = readPosts(scan, files, skipped, problems);
  const renamed = slugsOf(read, target, options, problems);
  const context = contextOf(scan, files, target, options, read, renamed, problems);
  const respell = { tags: new Map<string, string>(), categories: new Map<string, string>() };
  const posts = read.map(({ post, read: parsed, common }) => {
    const respelled: PlannedPost['respelled'] = [];
    const { slug, renamedFrom } = renamed.get(post.file)!;
    const spelled = {
      ...common,
      slug,
      tags: oneSpelling(common.tags, respell.tags, respelled),
      categories: oneSpelling(common.categories, respell.categories, respelled),
    };
    return { ...planPost(post, parsed, spelled, context), respelled, ...(renamedFrom ? { renamedFrom } : {}) };
  });
  return {
    source: scan.root,
    generator: scan.site.generator,
    feeds: scan.site.feeds,
    posts,
    skipped,
    problems,
    notes: scan.site.notes,
  };
}

/** A post of the source, read, with its front matter's common fields. */
interface ReadSourcePost {
  post: SourcePost;
  read: ReadPost;
  common: CommonPost;
}

/** Reads every post the walk found; a file without front matter is no post. */
function readPosts(
  scan: SourceScan,
  files: ContentFiles,
  skipped: SourceScan['skipped'],
  problems: SiteError[],
): ReadSourcePost[] {
  const read: ReadSourcePost[] = [];
  for (const post of scan.posts) {
    try {
      const parsed = readPost(post.file, files.readText(post.file, 'markdownBytes'));
      if (!parsed) {
        skipped.push({ file: post.file, reason: 'no front matter: not a post' });
        continue;
      }
      read.push({ post, read: parsed, common: commonFields(parsed, post, problems) });
    } catch (error) {
      problems.push(
        ...(collectSiteErrors(error) ?? [
          new SiteError({ code: 'content.load-failed', message: String(error), file: post.file }),
        ]),
      );
    }
  }
  return read;
}

/** What planning each post reads of the whole import: the new slug of every post, its headings. */
function contextOf(
  scan: SourceScan,
  files: ContentFiles,
  target: ImportTarget,
  options: ImportOptions,
  read: ReadSourcePost[],
  renamed: Map<string, { slug: string }>,
  problems: SiteError[],
): PlanContext {
  const slugs = new Map<string, string>();
  for (const { post } of read) {
    const slug = renamed.get(post.file)!.slug;
    slugs.set(post.file, slug);
    if (post.bundle) slugs.set(post.bundle, slug);
  }
  // Each post's headings with the ids the build will give them, for links from other posts to name them.
  const headings = new Map(
    read.map(({ post, read: parsed }) => [renamed.get(post.file)!.slug, headingIds(parsed.body)]),
  );
  return {
    scan,
    slugs,
    bundles: scan.posts.flatMap((post) => post.bundle ?? []),
    files,
    target,
    problems,
    drafts: options.drafts,
    headingsOf: (other: string) => headings.get(other) ?? [],
  };
}
