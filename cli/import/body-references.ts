// What a post's body refers to, and what must change for it to work as a page bundle. The body
// is kept byte for byte except where a reference would break: an image beside a single-file
// post comes into the new folder at the same relative path (nothing to rewrite); one from
// elsewhere in the source comes in under its own name, and that one reference is rewritten; a
// link to another post of the source becomes `../<its slug>/`. Anything the import cannot carry
// (an image on another host, a template tag of the other generator) is listed for the report.
import path from 'node:path';
import type { Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { isImageFile, unsupportedImageExtensions } from '../images/raster-formats.ts';
import { isInside } from '../shared/guarded-read.ts';
import remarkGfm from '../render/markdown/gfm-autolinks.ts';
import { isRelativeReference } from '../shared/url-reference.ts';
import type { SourceScan } from './scan-source.ts';

/** What the import does with a post's body. */
export interface BodyPlan {
  /** The body to write: the source's, with the rewrites below applied. */
  body: string;
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

/** Folders of the source where an old site kept files it published at its root (`/images/x.png`). */
const publishedFolders = ['', 'static', 'public', 'assets'];

/** Template tags of other generators, which Markdown shows as text: Hugo shortcodes, Liquid tags and outputs. */
const templateTag = /\{\{[<%][\s\S]*?[>%]\}\}|\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g;

/**
 * Plans the body of one post. `copies` holds, for a page bundle, the files it brings anyway (at
 * their path inside it); references to them need nothing.
 */
export function planBody(post: { file: string; body: string; bodyLine: number; bundle?: string }, scan: SourceScan, slugs: PostSlugs, copies: Map<string, string>): BodyPlan {
  const folder = path.dirname(post.file);
  const edits: { start: number; end: number; text: string }[] = [];
  const rewritten: BodyPlan['rewritten'] = [];
  const notCarried: string[] = [];
  const lineAt = (offset: number) => post.bodyLine + countLines(post.body, offset);

  const place = (target: string) => placeFile(copies, target, post.bundle ?? folder);

  const visit = (url: string, offset: number, image: boolean) => {
    const line = lineAt(offset);
    const split = url.search(/[?#]/);
    const pathPart = split === -1 ? url : url.slice(0, split);
    const rest = split === -1 ? '' : url.slice(split);
    if (/^(?:https?:)?\/\//i.test(url)) {
      if (image) notCarried.push(`line ${line}: the image ${url} is on another host; the site publishes only its own images (markdown.external-image): download it into the post's folder and link it by name`);
      return;
    }
    if (!isRelativeReference(url) && !url.startsWith('/')) return;
    if (pathPart === '') return;
    const decoded = decodedPath(pathPart);
    if (url.startsWith('/')) {
      // A root-relative file of the old site (`/images/x.png`): brought along when the source has it.
      if (!image && !/\.[a-z0-9]+$/i.test(decoded) || /\.html?$/i.test(decoded)) return;
      const found = publishedFolders.map((base) => path.join(scan.root, base, decoded)).find((file) => scan.files.has(file));
      if (!found) {
        if (image) notCarried.push(`line ${line}: the image ${url} is not in the source folder (looked in ${publishedFolders.map((base) => `${base || '.'}/`).join(', ')}): put it in the post's folder and link it by name`);
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
      edit(offset, url, `../${otherPost}/${rest.startsWith('#') ? rest : ''}`, line);
      return;
    }
    if (!scan.files.has(target)) {
      notCarried.push(`line ${line}: ${url} is not in the source folder${image ? ' (the build will stop at it: content.missing-image)' : ''}`);
      return;
    }
    if (image && !isImageFile(target)) {
      const unsupported = unsupportedImageExtensions.includes(path.extname(target).toLowerCase());
      notCarried.push(`line ${line}: ${url} is ${unsupported ? 'in a format the build does not read: export it as PNG or JPEG' : 'not an image the build publishes'}`);
      if (unsupported) return;
    }
    const placed = place(target);
    const written = path.relative(post.bundle ?? folder, target).split(path.sep).join('/');
    if (placed !== written) edit(offset, url, `./${encodeURI(placed)}${rest}`, line);
  };

  /** Replaces the URL `from`, found at or after `offset` in the body, with `to`. */
  const edit = (offset: number, from: string, to: string, line: number) => {
    if (from === to) return;
    const start = post.body.indexOf(from, offset);
    if (start === -1) {
      notCarried.push(`line ${line}: ${from} should become ${to}, but it is written in a way the import cannot find: change it by hand`);
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
          visit(url, offset + match.index + match[0].indexOf(url, match[1]!.length), match[1]!.toLowerCase() === 'src');
        }
        findTemplateTags(node.value, offset);
        break;
      case 'text':
        findTemplateTags(node.value, offset);
        break;
    }
  });

  function findTemplateTags(value: string, offset: number): void {
    for (const match of value.matchAll(templateTag)) {
      const shown = match[0].length > 60 ? `${match[0].slice(0, 57)}…` : match[0];
      notCarried.push(`line ${lineAt(offset + (match.index ?? 0))}: ${shown.replace(/\s+/g, ' ')} is a template tag of the other generator, shown as text: replace it with Markdown`);
    }
  }

  let body = post.body;
  for (const change of edits.sort((a, b) => b.start - a.start)) body = body.slice(0, change.start) + change.text + body.slice(change.end);
  const summary = tree.children.map((node) => (node.type === 'paragraph' ? plainText(node).replace(/\s+/g, ' ').trim() : '')).find((text) => /\w/.test(text) && !new RegExp(templateTag.source).test(text));
  return { body, copies, rewritten, notCarried, ...(summary ? { summary } : {}) };
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
  if ('children' in node) for (const child of node.children) if (child.type !== 'code' && child.type !== 'inlineCode') walk(child, visit);
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

function countLines(text: string, end: number): number {
  let lines = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < end; index = text.indexOf('\n', index + 1)) lines++;
  return lines;
}

function decodedPath(pathPart: string): string {
  try {
    return decodeURIComponent(pathPart);
  } catch {
    return pathPart;
  }
}
