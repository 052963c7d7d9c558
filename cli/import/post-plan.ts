// One post of an import planned: the files its bundle brings, its cover image, its body with the
// other generator's markup converted and its references planned, its old addresses, and its new
// front matter through the site's archetype, checked against the site's schema and located in the
// source.
import path from 'node:path';
import type { ImportedEntry } from '../config/archetype-spec.ts';
import type { SiteError } from '../errors.ts';
import { attachmentExtensions } from '../load/bundle-files.ts';
import { bundleIndex } from '../load/bundles.ts';
import { decodedOldAddress } from '../route/routes.ts';
import { isInside } from '../shared/guarded-read.ts';
import { lineAndColumn, lineStarts } from '../shared/locate-field.ts';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { routeKey } from '../static-host/site-paths.ts';
import { applyEdits, type EditedText } from './body-edits.ts';
import { placeFile, planBody, type BodyPlan, type PostSlugs } from './body-references.ts';
import { bundleFileProblem, coverImage } from './carried-files.ts';
import type { CommonPost } from './common-fields.ts';
import { convertForeignMarkup, type ConvertedMarkup } from './foreign-markup.ts';
import type { ImportTarget, PlannedPost, PostOrigin } from './import-posts.ts';
import { checkEntry, entryText, sortKeys } from './imported-front-matter.ts';
import { oldAddresses } from './old-addresses.ts';
import { lineOf, type ReadPost } from './read-post.ts';
import type { SourcePost, SourceScan } from './scan-source.ts';

/** What planning one post reads of the whole import, and where its problems go. */
export interface PlanContext {
  scan: SourceScan;
  slugs: PostSlugs;
  /** Every bundle folder of the source: a bundle's files are those not inside another one. */
  bundles: string[];
  files: ContentFiles;
  target: ImportTarget;
  problems: SiteError[];
  drafts?: ReadonlyMap<string, string[]>;
  headingsOf: (slug: string) => readonly { id: string; text: string }[];
}

/** The line and column in the source file of an offset in the post's body as read. */
type BodyPlace = (offset: number) => { line: number; column: number };

/** A post's body planned: the other generator's markup converted, then the references it leaves. */
interface PlannedBody {
  markup: ConvertedMarkup;
  converted: EditedText;
  body: BodyPlan;
}

/** Plans one post (`common` is its front matter's common fields, its slug and terms final). */
export function planPost(
  post: SourcePost,
  parsed: ReadPost,
  common: CommonPost,
  context: PlanContext,
): Omit<PlannedPost, 'respelled'> {
  const { scan, target } = context;
  const folder = path.join(target.folder, common.slug);
  const bodyPlace = placeInSource(parsed);
  const notCarried = [...common.notCarried, ...parsed.notes.map((note) => `line ${note.line}: ${note.text}`)];
  const copies = post.bundle ? copyBundleFiles(post, post.bundle, context, notCarried) : new Map<string, string>();
  const image = coverImage(common.image, post, scan, copies, post.bundle ?? path.dirname(post.file), notCarried);
  const { markup, converted, body } = planPostBody(post, parsed, copies, context, bodyPlace, notCarried);
  const address = addressesOf(post, parsed, common, scan, target, notCarried);
  const draftBecause = context.drafts?.get(post.file);
  const entry: ImportedEntry = {
    title: common.title ?? common.slug,
    slug: common.slug,
    date: common.date ?? '',
    draft: common.draft || draftBecause !== undefined,
    ...(common.description ? { description: common.description } : {}),
    ...(body.summary ? { summary: body.summary } : {}),
    tags: common.tags,
    categories: common.categories,
    ...(image ? { image } : {}),
    ...(image && common.imageAlt ? { imageAlt: common.imageAlt } : {}),
    aliases: address,
  };
  const written = writeEntry(post, parsed, common, entry, image, body, folder, context);
  return {
    source: post.file,
    kind: post.bundle ? 'bundle' : /^\d{4}-\d{2}-\d{2}-/.test(path.basename(post.file)) ? 'jekyll' : 'file',
    slug: common.slug,
    folder,
    text: written.text,
    body: body.body,
    copies: body.copies,
    mapped: written.mapped,
    kept: written.kept,
    notCarried,
    rewritten: body.rewritten,
    converted: markup.converted.map(({ offset, from, to }) => ({ line: bodyPlace(offset).line, from, to })),
    aliases: address,
    draft: entry.draft,
    ...(draftBecause ? { draftBecause } : {}),
    origin: {
      writtenBodyLine: written.text.slice(0, written.text.length - body.body.length).split('\n').length,
      sourceOf: (offset) => bodyPlace(converted.toSource(body.toPlanned(offset))),
      fieldLine: written.fieldLine,
    },
  };
}

/** Where an offset of the body as read is in the source file. */
function placeInSource(parsed: ReadPost): BodyPlace {
  const sourceStarts = lineStarts(parsed.body);
  return (offset) => {
    const at = lineAndColumn(sourceStarts, offset);
    return { line: parsed.bodyLine + at.line - 1, column: at.column };
  };
}

/**
 * The files a page bundle brings into its new folder, by their path there: every file of the
 * bundle outside a bundle inside it and outside hidden folders, that the build can read.
 */
function copyBundleFiles(
  post: SourcePost,
  bundle: string,
  context: PlanContext,
  notCarried: string[],
): Map<string, string> {
  const copies = new Map<string, string>();
  const attachments = attachmentExtensions(context.target.collection.bundles?.attachments);
  for (const file of [...context.scan.walked].sort()) {
    if (
      file === post.file ||
      !isInside(bundle, file) ||
      context.bundles.some((other) => other !== bundle && isInside(other, file) && isInside(bundle, other))
    )
      continue;
    if (
      path
        .relative(bundle, file)
        .split(path.sep)
        .some((segment) => segment.startsWith('.'))
    )
      continue;
    const problem = bundleFileProblem(file, context.files, attachments);
    if (problem) notCarried.push(`${path.relative(bundle, file)}: not brought along: ${problem}`);
    else placeFile(copies, file, bundle);
  }
  return copies;
}

/** Other generators' markup first, then the references of the body it leaves. */
function planPostBody(
  post: SourcePost,
  parsed: ReadPost,
  copies: Map<string, string>,
  context: PlanContext,
  bodyPlace: BodyPlace,
  notCarried: string[],
): PlannedBody {
  const { scan } = context;
  const markup = convertForeignMarkup(parsed.body, {
    file: post.file,
    root: scan.root,
    slugs: context.slugs,
    jsx: scan.site.generator === 'next' || scan.site.generator === 'gatsby',
  });
  const converted = applyEdits(parsed.body, markup.edits);
  const body = planBody(
    {
      file: post.file,
      body: converted.text,
      lineAt: (offset) => bodyPlace(converted.toSource(offset)).line,
      converted: converted.isInserted,
      bundle: post.bundle,
    },
    scan,
    context.slugs,
    copies,
    context.headingsOf,
  );
  notCarried.push(...body.notCarried);
  for (const left of markup.left)
    notCarried.push(
      `line ${bodyPlace(left.offset).line}: ${shorten(left.text)} is left as it is (${left.why}): ` +
        `the page shows it as text, and the build warns (markdown.template-tag)`,
    );
  return { markup, converted, body };
}

/**
 * The post's new `index.md`: its front matter as the site's archetype writes it (with what the
 * site leaves out under `extra`), checked against the collection's schema, each problem at the
 * line of the source field it came from.
 */
function writeEntry(
  post: SourcePost,
  parsed: ReadPost,
  common: CommonPost,
  entry: ImportedEntry,
  image: string | undefined,
  body: BodyPlan,
  folder: string,
  { target, problems }: PlanContext,
): Pick<PlannedPost, 'text' | 'mapped' | 'kept'> & Pick<PostOrigin, 'fieldLine'> {
  const frontMatter = target.archetype.imported(entry);
  const { mapped, kept, extra } = sortKeys(common, entry, frontMatter, image);
  const text = entryText(frontMatter, extra, body.body);
  const fieldLine = (field: string | number | undefined) =>
    lineOf(parsed, mapped.find((item) => item.to === field)?.from ?? '');
  const file = path.join(folder, bundleIndex);
  checkEntry(text, frontMatter, extra, target.collection, file, { file: post.file, lineOf: fieldLine }, problems);
  return { text, mapped, kept, fieldLine };
}

/**
 * The post's old addresses: those its front matter names, and where the old site's rules
 * published it; never its new address, which needs no redirect.
 */
function addressesOf(
  post: SourcePost,
  parsed: ReadPost,
  common: CommonPost,
  scan: SourceScan,
  target: ImportTarget,
  notCarried: string[],
): string[] {
  // Jekyll's categories include the folders above `_posts/`.
  const folderCategories =
    scan.site.generator === 'jekyll'
      ? post.inFolder
          .split('/')
          .slice(0, post.inFolder.split('/').indexOf('_posts'))
          .filter((segment) => segment !== '' && segment !== '_drafts')
      : [];
  const found = oldAddresses(
    {
      file: post.file,
      inFolder: post.inFolder,
      ...(post.bundle ? { bundle: post.bundle } : {}),
      frontMatter: parsed.frontMatter,
      ...(common.date ? { date: common.date } : {}),
      ...(common.time ? { time: common.time } : {}),
      ...(common.title ? { title: common.title } : {}),
      categories: [...folderCategories, ...common.categories],
      ...(common.jekyllSlug ? { jekyllSlug: common.jekyllSlug } : {}),
      draft: common.draft,
    },
    scan.site,
  );
  notCarried.push(...found.notCarried);
  const rules = scan.site.addresses.kind;
  const explained = (value: string) =>
    ((rules === 'jekyll' || rules === 'eleventy') && value === parsed.frontMatter.permalink) ||
    (rules === 'hugo' && !value.startsWith('/'));
  for (const value of common.unresolved) {
    if (!explained(value))
      notCarried.push(
        `the old address ${JSON.stringify(value)} is not a path of a site (such as /2019/05/old-post/), ` +
          `so it does not redirect here`,
      );
  }
  const newAddress = routeKey(target.archetype.path(common.slug));
  const key = (address: string) => routeKey(decodedOldAddress(address));
  const seen = new Set<string>([newAddress]);
  return [...common.aliases, ...found.addresses].filter((address) => {
    const at = key(address);
    if (seen.has(at)) return false;
    seen.add(at);
    return true;
  });
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
