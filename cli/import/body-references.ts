// What a post's body refers to, and what must change for it to work as a page bundle. The body
// is kept byte for byte except where a reference would break: an image beside a single-file
// post comes into the new folder at the same relative path (nothing to rewrite); one from
// elsewhere in the source comes in under its own name, and that one reference is rewritten; a
// link to another post of the source becomes `../<its slug>/`. Anything the import cannot carry
// (an image on another host, a file the source lacks) is listed for the report.
import path from 'node:path';
import { isImageFile, unsupportedImageExtensions } from '../images/raster-formats.ts';
import { isInside } from '../shared/guarded-read.ts';
import { headingForFragment } from '../render/markdown/same-page-links.ts';
import { isRelativeReference } from '../shared/url-reference.ts';
import { applyEdits, type BodyEdit } from './body-edits.ts';
import { findSummary, listReferences, parseBody, type BodyReference } from './body-tree.ts';
import type { SourceScan } from './scan-source.ts';

/** What the import does with a post's body. */
export interface BodyPlan {
  /** The body to write: the one planned, with the rewrites below applied. */
  body: string;
  /** The offset in the body planned of an offset in `body`. */
  toPlanned(offset: number): number;
  /** Files of the source to copy into the new folder: its path there, by source path. */
  copies: Map<string, string>;
  /** References changed, each at its line in the source file. */
  rewritten: { line: number; from: string; to: string }[];
  /** What does not come across, each with its line. */
  notCarried: string[];
  /** The first paragraph with words, as plain text on one line. */
  summary?: string;
}

/** Where the other posts of the import go: the new slug of each, by its Markdown file and by its bundle's folder. */
export type PostSlugs = ReadonlyMap<string, string>;

/** The post whose body is planned. */
interface PlannedPost {
  file: string;
  body: string;
  lineAt: (offset: number) => number;
  converted?: (offset: number) => boolean;
  bundle?: string;
}

/** One body's planning: what it reads, and the edits and findings it gathers. */
interface BodyPlanning {
  post: PlannedPost;
  scan: SourceScan;
  slugs: PostSlugs;
  copies: Map<string, string>;
  headingsOf: (slug: string) => readonly { id: string; text: string }[];
  /** The post's folder, which its relative references start from. */
  folder: string;
  edits: BodyEdit[];
  rewritten: BodyPlan['rewritten'];
  notCarried: string[];
}

/** A reference of the body the import may have to carry: its path decoded, and its query and fragment. */
interface LocalReference extends BodyReference {
  line: number;
  decoded: string;
  rest: string;
}

/**
 * Plans the body of one post. `copies` holds, for a page bundle, the files it brings anyway (at
 * their path inside it); references to them need nothing.
 */
export function planBody(
  post: PlannedPost,
  scan: SourceScan,
  slugs: PostSlugs,
  copies: Map<string, string>,
  headingsOf: (slug: string) => readonly { id: string; text: string }[] = () => [],
): BodyPlan {
  const planning: BodyPlanning = {
    post,
    scan,
    slugs,
    copies,
    headingsOf,
    folder: path.dirname(post.file),
    edits: [],
    rewritten: [],
    notCarried: [],
  };
  const tree = parseBody(post.body);
  for (const reference of listReferences(tree, post.body)) planReference(planning, reference);
  const edited = applyEdits(post.body, planning.edits);
  const summary = findSummary(tree);
  return {
    body: edited.text,
    toPlanned: edited.toSource,
    copies,
    rewritten: planning.rewritten,
    notCarried: planning.notCarried,
    ...(summary ? { summary } : {}),
  };
}

/** Plans one reference: kept, rewritten, its file copied, or listed as not carried. */
function planReference(planning: BodyPlanning, { url, offset, image }: BodyReference): void {
  // A reference the import wrote itself (a converted `relref`) already leads to the new address.
  if (planning.post.converted?.(offset)) return;
  const line = planning.post.lineAt(offset);
  if (/^(?:https?:)?\/\//i.test(url)) {
    if (image)
      planning.notCarried.push(
        `line ${line}: the image ${url} is on another host; the site publishes only its own images ` +
          `(markdown.external-image): download it into the post's folder and link it by name`,
      );
    return;
  }
  if (!isRelativeReference(url) && !url.startsWith('/')) return;
  const split = url.search(/[?#]/);
  const pathPart = split === -1 ? url : url.slice(0, split);
  if (pathPart === '') return;
  const reference = { url, offset, image, line, decoded: decodedPath(pathPart), rest: url.slice(pathPart.length) };
  if (url.startsWith('/')) planRootRelative(planning, reference);
  else planRelative(planning, reference);
}

/** A root-relative file of the old site (`/images/x.png`): brought along when the source has it. */
function planRootRelative(planning: BodyPlanning, { url, offset, image, line, decoded, rest }: LocalReference): void {
  if ((!image && !/\.[a-z0-9]+$/i.test(decoded)) || /\.html?$/i.test(decoded)) return;
  const { scan } = planning;
  const found = scan.site.publishedFolders
    .map((base) => path.join(scan.root, base, decoded))
    .find((file) => scan.files.has(file));
  if (found) {
    editReference(planning, offset, url, `./${encodeURI(placeInPost(planning, found))}${rest}`, line);
    return;
  }
  if (image) {
    const folders = scan.site.publishedFolders.map((base) => `${base || '.'}/`).join(', ');
    planning.notCarried.push(
      `line ${line}: the image ${url} is not in the source folder (looked in ${folders}): ` +
        `put it in the post's folder and link it by name`,
    );
  }
}

/** A path relative to the post: another post of the import, or a file the source holds. */
function planRelative(planning: BodyPlanning, { url, offset, image, line, decoded, rest }: LocalReference): void {
  const { scan, notCarried } = planning;
  const target = path.resolve(planning.folder, decoded);
  if (target !== scan.root && !isInside(scan.root, target)) {
    notCarried.push(`line ${line}: ${url} points outside the source folder`);
    return;
  }
  const otherPost = planning.slugs.get(target) ?? planning.slugs.get(target.replace(/[\\/]index\.(md|markdown)$/i, ''));
  if (otherPost !== undefined && !image) {
    const fragment = rest.startsWith('#') ? `#${fragmentIn(rest.slice(1), planning.headingsOf(otherPost))}` : '';
    editReference(planning, offset, url, `../${otherPost}/${fragment}`, line);
    return;
  }
  if (!scan.files.has(target)) {
    const stop = image ? ' (the build will stop at it: content.missing-image)' : '';
    notCarried.push(`line ${line}: ${url} is not in the source folder${stop}`);
    return;
  }
  if (image && !isImageFile(target)) {
    const unsupported = unsupportedImageExtensions.includes(path.extname(target).toLowerCase());
    const why = unsupported
      ? 'in a format the build does not read: export it as PNG or JPEG'
      : 'not an image the build publishes';
    notCarried.push(`line ${line}: ${url} is ${why}`);
    if (unsupported) return;
  }
  const placed = placeInPost(planning, target);
  const written = path
    .relative(planning.post.bundle ?? planning.folder, target)
    .split(path.sep)
    .join('/');
  if (placed !== written) editReference(planning, offset, url, `./${encodeURI(placed)}${rest}`, line);
}

/** Where a file of the source goes in the post's new folder. */
function placeInPost(planning: BodyPlanning, target: string): string {
  return placeFile(planning.copies, target, planning.post.bundle ?? planning.folder);
}

/** Replaces the URL `from`, found at or after `offset` in the body, with `to`. */
function editReference(planning: BodyPlanning, offset: number, from: string, to: string, line: number): void {
  if (from === to) return;
  const start = planning.post.body.indexOf(from, offset);
  if (start === -1) {
    planning.notCarried.push(
      `line ${line}: ${from} should become ${to}, but it is written in a way the import cannot find: ` +
        `change it by hand`,
    );
    return;
  }
  planning.edits.push({ start, end: start + from.length, text: to });
  planning.rewritten.push({ line, from, to });
}

/**
 * A fragment of a link to another imported post, as that post's heading ids will be: written for
 * the other generator's ids (`#TypeScript`, kramdown's `#1-intro`), it names the one heading it
 * meant; otherwise it is kept as written.
 */
function fragmentIn(written: string, headings: readonly { id: string; text: string }[]): string {
  const fragment = decodedPath(written);
  if (headings.some((heading) => heading.id === fragment)) return written;
  const id = headingForFragment(fragment, headings);
  return id === undefined ? written : encodeURIComponent(id);
}

/**
 * Where a source file goes in a post's new folder, remembered in `copies`: at its path from
 * `base` (the bundle, or a single-file post's folder) when it lies inside it, else under its own
 * name; either way with every character a URL or `srcset` would trip on replaced by `-`, and a
 * number added to a name another file took.
 */
export function placeFile(copies: Map<string, string>, target: string, base: string): string {
  const known = copies.get(target);
  if (known) return known;
  const taken = new Set(copies.values());
  const inside = isInside(base, target) ? path.relative(base, target).split(path.sep) : [path.basename(target)];
  const safe = inside.map((segment) => segment.replace(/[^\w@+~.-]+/g, '-')).join('/');
  const extension = path.posix.extname(safe);
  let name = safe;
  for (let n = 2; taken.has(name); n++) name = `${safe.slice(0, safe.length - extension.length)}-${n}${extension}`;
  copies.set(target, name);
  return name;
}

function decodedPath(pathPart: string): string {
  try {
    return decodeURIComponent(pathPart);
  } catch {
    return pathPart;
  }
}
