// What a post's body refers to, and what must change for it to work as a page bundle. The body
// is kept byte for byte except where a reference would break: an image beside a single-file
// post comes into the new folder at the same relative path (nothing to rewrite); one from
// elsewhere in the source comes in under its own name, and that one reference is rewritten; a
// link to another post of the source becomes `../<its slug>/`. Anything the import cannot carry
// (an image on another host, a file the source lacks) is listed for the report.
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { isImageFile, unsupportedImageExtensions } from '../images/raster-formats.ts';
import { isInside } from '../shared/guarded-read.ts';
import remarkGfm from '../render/markdown/gfm-autolinks.ts';
import { headingForFragment } from '../render/markdown/same-page-links.ts';
import { isRelativeReference } from '../shared/url-reference.ts';
import { applyEdits, type BodyEdit } from './body-edits.ts';
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

/**
 * Plans the body of one post. `copies` holds, for a page bundle, the files it brings anyway (at
 * their path inside it); references to them need nothing.
 */
export function planBody(
  post: {
    file: string;
    body: string;
    lineAt: (offset: number) => number;
    converted?: (offset: number) => boolean;
    bundle?: string;
  },
  scan: SourceScan,
  slugs: PostSlugs,
  copies: Map<string, string>,
  headingsOf: (slug: string) => readonly { id: string; text: string }[] = () => [],
): BodyPlan {
  const folder = path.dirname(post.file);
  const edits: BodyEdit[] = [];
  const rewritten: BodyPlan['rewritten'] = [];
  const notCarried: string[] = [];
  const { lineAt } = post;
  const publishedFolders = scan.site.publishedFolders;

  const place = (target: string) => placeFile(copies, target, post.bundle ?? folder);

  const visit = (url: string, offset: number, image: boolean) => {
    // A reference the import wrote itself (a converted `relref`) already leads to the new address.
    if (post.converted?.(offset)) return;
    const line = lineAt(offset);
    const split = url.search(/[?#]/);
    const pathPart = split === -1 ? url : url.slice(0, split);
    const rest = split === -1 ? '' : url.slice(split);
    if (/^(?:https?:)?\/\//i.test(url)) {
      if (image)
        notCarried.push(
          `line ${line}: the image ${url} is on another host; the site publishes only its own images (markdown.external-image): download it into the post's folder and link it by name`,
        );
      return;
    }
    if (!isRelativeReference(url) && !url.startsWith('/')) return;
    if (pathPart === '') return;
    const decoded = decodedPath(pathPart);
    if (url.startsWith('/')) {
      // A root-relative file of the old site (`/images/x.png`): brought along when the source has it.
      if ((!image && !/\.[a-z0-9]+$/i.test(decoded)) || /\.html?$/i.test(decoded)) return;
      const found = publishedFolders
        .map((base) => path.join(scan.root, base, decoded))
        .find((file) => scan.files.has(file));
      if (!found) {
        if (image)
          notCarried.push(
            `line ${line}: the image ${url} is not in the source folder (looked in ${publishedFolders.map((base) => `${base || '.'}/`).join(', ')}): put it in the post's folder and link it by name`,
          );
        return;
      }
      edit(offset, url, `./${encodeURI(place(found))}${rest}`, line);
      return;
    }
    const target = path.resolve(folder, decoded);
    if (target !== scan.root && !isInside(scan.root, target)) {
      notCarried.push(`line ${line}: ${url} points outside the source folder`);
      return;
    }
    const otherPost = slugs.get(target) ?? slugs.get(target.replace(/[\\/]index\.(md|markdown)$/i, ''));
    if (otherPost !== undefined && !image) {
      edit(
        offset,
        url,
        `../${otherPost}/${rest.startsWith('#') ? `#${fragmentIn(rest.slice(1), headingsOf(otherPost))}` : ''}`,
        line,
      );
      return;
    }
    if (!scan.files.has(target)) {
      notCarried.push(
        `line ${line}: ${url} is not in the source folder${image ? ' (the build will stop at it: content.missing-image)' : ''}`,
      );
      return;
    }
    if (image && !isImageFile(target)) {
      const unsupported = unsupportedImageExtensions.includes(path.extname(target).toLowerCase());
      notCarried.push(
        `line ${line}: ${url} is ${unsupported ? 'in a format the build does not read: export it as PNG or JPEG' : 'not an image the build publishes'}`,
      );
      if (unsupported) return;
    }
    const placed = place(target);
    const written = path
      .relative(post.bundle ?? folder, target)
      .split(path.sep)
      .join('/');
    if (placed !== written) edit(offset, url, `./${encodeURI(placed)}${rest}`, line);
  };

  /** Replaces the URL `from`, found at or after `offset` in the body, with `to`. */
  const edit = (offset: number, from: string, to: string, line: number) => {
    if (from === to) return;
    const start = post.body.indexOf(from, offset);
    if (start === -1) {
      notCarried.push(
        `line ${line}: ${from} should become ${to}, but it is written in a way the import cannot find: change it by hand`,
      );
      return;
    }
    edits.push({ start, end: start + from.length, text: to });
    rewritten.push({ line, from, to });
  };

  const tree = unified().use(remarkParse).use(remarkGfm).parse(post.body) as Root;
  const imageDefinitions = new Set<string>();
  walk(tree, (node) => {
    if (node.type === 'imageReference') imageDefinitions.add(node.identifier);
  });
  walk(tree, (node) => {
    const offset = node.position?.start.offset ?? 0;
    switch (node.type) {
      case 'image':
      case 'link':
        // The destination follows the text: look for it after the last `](`.
        visit(node.url, destinationOffset(post.body, node, node.url), node.type === 'image');
        break;
      case 'definition':
        visit(node.url, destinationOffset(post.body, node, node.url), imageDefinitions.has(node.identifier));
        break;
      case 'html':
        for (const match of node.value.matchAll(/\b(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
          const url = match[2] ?? match[3] ?? '';
          // The `src` of an `<img>` is an image; an iframe's is a player, not a file; a video's a file beside the post.
          const element = /^<([a-z][\w-]*)/i
            .exec(node.value.slice(node.value.lastIndexOf('<', match.index)))?.[1]
            ?.toLowerCase();
          if (element === 'iframe') continue;
          visit(
            url,
            offset + match.index + match[0].indexOf(url, match[1]!.length),
            match[1]!.toLowerCase() === 'src' && element === 'img',
          );
        }
        break;
    }
  });

  const edited = applyEdits(post.body, edits);
  const summary = tree.children
    .map((node) => (node.type === 'paragraph' ? plainText(node).replace(/\s+/g, ' ').trim() : ''))
    .find((text) => /\w/.test(text) && !/\{\{|\{%/.test(text));
  return {
    body: edited.text,
    toPlanned: edited.toSource,
    copies,
    rewritten,
    notCarried,
    ...(summary ? { summary } : {}),
  };
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
 * The headings of a body and the ids the build will give them (rehype-slug's, from their text),
 * for links from other posts to name them.
 */
export function headingIds(body: string): { id: string; text: string }[] {
  const slugger = new GithubSlugger();
  const headings: { id: string; text: string }[] = [];
  walk(unified().use(remarkParse).use(remarkGfm).parse(body) as Root, (node) => {
    if (node.type !== 'heading') return;
    const text = plainText(node);
    headings.push({ id: slugger.slug(text), text });
  });
  return headings;
}

/** The words of a node: its text, inline code and the text of its links, without images. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image' || node.type === 'html') return '';
  return 'children' in node ? node.children.map(plainText).join('') : '';
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

/** Visits every node of the tree, depth first, code and inline code left out. */
function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node)
    for (const child of node.children) if (child.type !== 'code' && child.type !== 'inlineCode') walk(child, visit);
}

/** Where a link's or a definition's destination starts in the body (the node's own start when it cannot be told). */
function destinationOffset(body: string, node: Nodes, url: string): number {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? body.length;
  const source = body.slice(start, end);
  const after = node.type === 'definition' ? source.indexOf(']:') : source.lastIndexOf('](');
  const found = after === -1 ? -1 : source.indexOf(url, after);
  return start + (found === -1 ? 0 : found);
}

function decodedPath(pathPart: string): string {
  try {
    return decodeURIComponent(pathPart);
  } catch {
    return pathPart;
  }
}
