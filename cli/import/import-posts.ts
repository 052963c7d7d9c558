// `sitegen import`: another generator's posts brought into a site's posts collection as page
// bundles. Every post is read, mapped and checked by the site's own schema and loader before
// anything is written; one problem anywhere and nothing is. The site says how its front matter
// holds the common fields (its archetype's `imported`); whatever it leaves out is kept under
// `extra`, and the report says what went where.
import { lstatSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Archetype, ImportedEntry } from '../config/archetype-spec.ts';
import type { CollectionSpec } from '../config/content-spec.ts';
import { collectSiteErrors, SiteError, SiteErrorList } from '../errors.ts';
import { isInside } from '../shared/guarded-read.ts';
import { bundleIndex } from '../load/bundles.ts';
import { ContentFiles } from '../shared/read-content-file.ts';
import { placeFile, planBody, type PostSlugs } from './body-references.ts';
import { bundleFileProblem, coverImage, limitOf } from './carried-files.ts';
import { checkEntry, entryText, sortKeys } from './imported-front-matter.ts';
import { commonFields, type CommonPost } from './common-fields.ts';
import { lineOf, readPost, type ReadPost } from './read-post.ts';
import { scanSource, type SourcePost, type SourceScan } from './scan-source.ts';
import { termSlug } from '../route/taxonomy.ts';

/** One post as it will be written. */
export interface PlannedPost {
  /** The source's Markdown file. */
  source: string;
  /** What it was: a page bundle, a single file, or a Jekyll post (`YYYY-MM-DD-slug.md`). */
  kind: 'bundle' | 'file' | 'jekyll';
  slug: string;
  /** The new bundle's folder. */
  folder: string;
  /** Its `index.md`. */
  text: string;
  /** Source files copied into the folder, by their path there. */
  copies: Map<string, string>;
  /** Front-matter keys of the source and the site's field each went to. */
  mapped: { from: string; to: string }[];
  /** Keys kept under `extra`, each with why. */
  kept: { key: string; why: string }[];
  notCarried: string[];
  rewritten: { line: number; from: string; to: string }[];
  /** Tags and categories written as another imported post first wrote them. */
  respelled: { from: string; to: string }[];
}

/** Everything an import will do, decided before anything is written. */
export interface ImportPlan {
  source: string;
  posts: PlannedPost[];
  skipped: { file: string; reason: string }[];
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

/** Reads, maps and checks every post of `sourceFolder`; throws every problem at once, located in the source. */
export function planImport(sourceFolder: string, target: ImportTarget): ImportPlan {
  const scan = scanSource(sourceFolder);
  const errors: SiteError[] = [...scan.problems];
  const files = new ContentFiles(scan.root);
  const skipped = [...scan.skipped];
  const read: { post: SourcePost; read: ReadPost; common: CommonPost }[] = [];
  for (const post of scan.posts) {
    try {
      const parsed = readPost(post.file, files.readText(post.file, 'markdownBytes'));
      if (!parsed) {
        skipped.push({ file: post.file, reason: 'no front matter: not a post' });
        continue;
      }
      read.push({ post, read: parsed, common: commonFields(parsed, post, errors) });
    } catch (error) {
      errors.push(...(collectSiteErrors(error) ?? [new SiteError({ code: 'content.load-failed', message: String(error), file: post.file })]));
    }
  }
  const slugs = new Map<string, string>();
  const bySlug = new Map<string, string>();
  for (const { post, common } of read) {
    const first = bySlug.get(common.slug);
    if (first) errors.push(new SiteError({ code: 'import.duplicate-slug', message: `slug "${common.slug}" is also the slug of ${first}`, hint: 'Give one of them its own `slug:` in its front matter.', file: post.file }));
    bySlug.set(common.slug, post.file);
    const existing = target.existing.get(common.slug) ?? [path.join(target.folder, common.slug), path.join(target.folder, `${common.slug}.md`)].find(exists);
    if (existing) errors.push(new SiteError({ code: 'import.post-exists', message: `the site already has a post "${common.slug}" (${existing}), which was left untouched`, hint: 'Give the imported post another `slug:` in its front matter, or remove the site\'s post first.', file: post.file }));
    slugs.set(post.file, common.slug);
    if (post.bundle) slugs.set(post.bundle, common.slug);
  }
  const bundles = scan.posts.flatMap((post) => post.bundle ?? []);
  const respell = { tags: new Map<string, string>(), categories: new Map<string, string>() };
  const posts = read.map(({ post, read: parsed, common }) => {
    const respelled: PlannedPost['respelled'] = [];
    const spelled = { ...common, tags: oneSpelling(common.tags, respell.tags, respelled), categories: oneSpelling(common.categories, respell.categories, respelled) };
    return { ...planPost(post, parsed, spelled, { scan, slugs, bundles, files, target, errors }), respelled };
  });
  if (errors.length > 0) throw new SiteErrorList(errors);
  return { source: scan.root, posts, skipped };
}

/**
 * Terms written as the first imported post wrote them: blogs collected over years spell one tag
 * several ways (`Build`, `build`), and a site gives each tag one page, made from its letters
 * and digits (`termSlug`), so the spellings would ask for one address twice.
 */
function oneSpelling(names: string[], first: Map<string, string>, respelled: PlannedPost['respelled']): string[] {
  return [...new Set(names.map((name) => {
    const slug = termSlug(name);
    const spelling = first.get(slug);
    if (spelling === undefined) {
      first.set(slug, name);
      return name;
    }
    if (spelling !== name) respelled.push({ from: name, to: spelling });
    return spelling;
  }))];
}

interface PlanContext {
  scan: SourceScan;
  slugs: PostSlugs;
  /** Every bundle folder of the source: a bundle's files are those not inside another one. */
  bundles: string[];
  files: ContentFiles;
  target: ImportTarget;
  errors: SiteError[];
}

function planPost(post: SourcePost, parsed: ReadPost, common: CommonPost, context: PlanContext): Omit<PlannedPost, 'respelled'> {
  const { scan, target, errors } = context;
  const folder = path.join(target.folder, common.slug);
  const notCarried = [...common.notCarried];
  const copies = new Map<string, string>();
  if (post.bundle) {
    for (const file of [...scan.files].sort()) {
      if (file === post.file || !isInside(post.bundle, file) || context.bundles.some((other) => other !== post.bundle && isInside(other, file) && isInside(post.bundle!, other))) continue;
      const problem = bundleFileProblem(file, context.files);
      if (problem) notCarried.push(`${path.relative(post.bundle, file)}: ${problem}`);
      else placeFile(copies, file, post.bundle);
    }
  }
  const base = post.bundle ?? path.dirname(post.file);
  const image = coverImage(common.image, post, scan, copies, base, notCarried);
  const body = planBody({ file: post.file, body: parsed.body, bodyLine: parsed.bodyLine, bundle: post.bundle }, scan, context.slugs, copies);
  notCarried.push(...body.notCarried);
  const entry: ImportedEntry = {
    title: common.title ?? common.slug,
    slug: common.slug,
    date: common.date ?? '',
    draft: common.draft,
    ...(common.description ? { description: common.description } : {}),
    ...(body.summary ? { summary: body.summary } : {}),
    tags: common.tags,
    categories: common.categories,
    ...(image ? { image } : {}),
    ...(image && common.imageAlt ? { imageAlt: common.imageAlt } : {}),
    aliases: common.aliases,
  };
  const frontMatter = target.archetype.imported(entry);
  const { mapped, kept, extra } = sortKeys(common, entry, frontMatter, image);
  const file = path.join(folder, bundleIndex);
  const text = entryText(frontMatter, extra, body.body);
  const sourceLine = (field: string | number | undefined) => lineOf(parsed, mapped.find((entry) => entry.to === field)?.from ?? '');
  checkEntry(text, frontMatter, extra, target.collection, file, { file: post.file, lineOf: sourceLine }, errors);
  const kind = post.bundle ? 'bundle' : /^\d{4}-\d{2}-\d{2}-/.test(path.basename(post.file)) ? 'jekyll' : 'file';
  return { source: post.file, kind, slug: common.slug, folder, text, copies: body.copies, mapped, kept, notCarried, rewritten: body.rewritten };
}

/** Whether anything is at `file`, a dangling link included. */
function exists(file: string): boolean {
  return lstatSync(file, { throwIfNoEntry: false }) !== undefined;
}

/**
 * Writes the plan: each post's folder (created anew: an existing one is never written into),
 * its `index.md` and the files it brings, read again through the source's guards.
 */
export async function writeImport(plan: ImportPlan): Promise<void> {
  const files = new ContentFiles(plan.source);
  for (const post of plan.posts) {
    try {
      await mkdir(post.folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new SiteError({ code: 'import.post-exists', message: 'this folder appeared while the import ran, and was left untouched', file: post.folder, hint: 'Run the import again: the posts written before it are in place, and it will name them.' });
      }
      throw error;
    }
    await writeFile(path.join(post.folder, bundleIndex), post.text, { flag: 'wx' });
    for (const [source, name] of post.copies) {
      const destination = path.join(post.folder, ...name.split('/'));
      await mkdir(path.dirname(destination), { recursive: true });
      await writeFile(destination, files.readBytes(source, limitOf(source)), { flag: 'wx' });
    }
  }
}
