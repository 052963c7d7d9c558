// A post's body read as Markdown: the references it holds, each at its offset in the text, its
// headings with the ids the build will give them, and its words. Code and inline code are left
// out: a URL shown as code is no reference.
import GithubSlugger from 'github-slugger';
import type { Nodes, Root } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import remarkGfm from '../render/markdown/gfm-autolinks.ts';

/** A URL the body refers to: where it is written, and whether what it names is shown as an image. */
export interface BodyReference {
  url: string;
  offset: number;
  image: boolean;
}

/** Parses a body as the build reads Markdown (with GFM's autolinks). */
export function parseBody(body: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(body) as Root;
}

/** Every reference of the body, in the order it is written. */
export function listReferences(tree: Root, body: string): BodyReference[] {
  const imageDefinitions = new Set<string>();
  walk(tree, (node) => {
    if (node.type === 'imageReference') imageDefinitions.add(node.identifier);
  });
  const references: BodyReference[] = [];
  walk(tree, (node) => {
    switch (node.type) {
      case 'image':
      case 'link':
        // The destination follows the text: look for it after the last `](`.
        references.push({
          url: node.url,
          offset: findDestination(body, node, node.url),
          image: node.type === 'image',
        });
        break;
      case 'definition':
        references.push({
          url: node.url,
          offset: findDestination(body, node, node.url),
          image: imageDefinitions.has(node.identifier),
        });
        break;
      case 'html':
        references.push(...listHtmlReferences(node.value, node.position?.start.offset ?? 0));
        break;
    }
  });
  return references;
}

/** The `src` and `href` attributes of raw HTML that starts at `offset`. */
function listHtmlReferences(html: string, offset: number): BodyReference[] {
  const references: BodyReference[] = [];
  for (const match of html.matchAll(/\b(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const url = match[2] ?? match[3] ?? '';
    // The `src` of an `<img>` is an image; an iframe's is a player, not a file; a video's a file
    // beside the post.
    const element = /^<([a-z][\w-]*)/i.exec(html.slice(html.lastIndexOf('<', match.index)))?.[1]?.toLowerCase();
    if (element === 'iframe') continue;
    references.push({
      url,
      offset: offset + match.index + match[0].indexOf(url, match[1]!.length),
      image: match[1]!.toLowerCase() === 'src' && element === 'img',
    });
  }
  return references;
}

/**
 * The headings of a body and the ids the build will give them (rehype-slug's, from their text),
 * for links from other posts to name them.
 */
export function headingIds(body: string): { id: string; text: string }[] {
  const slugger = new GithubSlugger();
  const headings: { id: string; text: string }[] = [];
  walk(parseBody(body), (node) => {
    if (node.type !== 'heading') return;
    const text = plainText(node);
    headings.push({ id: slugger.slug(text), text });
  });
  return headings;
}

/** The first paragraph with words, as plain text on one line (a template's tags are no words). */
export function findSummary(tree: Root): string | undefined {
  return tree.children
    .map((node) => (node.type === 'paragraph' ? plainText(node).replace(/\s+/g, ' ').trim() : ''))
    .find((text) => /\w/.test(text) && !/\{\{|\{%/.test(text));
}

/** The words of a node: its text, inline code and the text of its links, without images. */
function plainText(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if (node.type === 'image' || node.type === 'html') return '';
  return 'children' in node ? node.children.map(plainText).join('') : '';
}

/** Visits every node of the tree, depth first, code and inline code left out. */
function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node)
    for (const child of node.children) if (child.type !== 'code' && child.type !== 'inlineCode') walk(child, visit);
}

/**
 * Where a link's or a definition's destination starts in the body (the node's own start when it
 * cannot be told).
 */
function findDestination(body: string, node: Nodes, url: string): number {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? body.length;
  const source = body.slice(start, end);
  const after = node.type === 'definition' ? source.indexOf(']:') : source.lastIndexOf('](');
  const found = after === -1 ? -1 : source.indexOf(url, after);
  return start + (found === -1 ? 0 : found);
}
