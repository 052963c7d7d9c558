// JSX in a Markdown body written for Next.js or Gatsby, made HTML: a `style={{…}}` attribute is
// removed with its element kept, and an empty element written `<iframe … />` is given its end tag.
// Code is never touched.
import type { Html, Nodes, Root } from 'mdast';
import { codeRanges } from '../render/markdown/template-tags.ts';

/** Replaces [start, end) of the body with `text`, and records the conversion. */
export type MarkupEdit = (start: number, end: number, text: string) => void;

/**
 * How far each search looks: a JSX `style={{…}}` value, the tag a style is in (back from the
 * style), and a tag when its end is looked for (a player's `src` may carry a whole program). Each
 * search stops there, and the search for tags never looks at a place twice, so a body is
 * searched in time linear in its length.
 */
const maxStyleLength = 1_000;
const maxStyleOffset = 2_000;
const maxTagLength = 64 * 1024;

/**
 * Removes each JSX `style={{…}}` attribute outside code, and returns the ranges removed. Markdown
 * reads a tag holding one as text or as HTML depending on what it holds, so each is looked for in
 * the whole body but its code.
 */
export function removeJsxStyles(body: string, tree: Root, edit: MarkupEdit): [number, number][] {
  const inCode = inRanges(codeRanges(tree));
  const styles: [number, number][] = [];
  for (const match of body.matchAll(/\sstyle=\{\{/g)) {
    // The tag it is in starts shortly before it.
    const from = Math.max(0, match.index - maxStyleOffset);
    const before = body.slice(from, match.index);
    const opened = before.lastIndexOf('<');
    if (
      inCode(match.index) ||
      opened === -1 ||
      before.lastIndexOf('>') > opened ||
      !/^<[a-z]/i.test(before.slice(opened, opened + 2))
    )
      continue;
    const end = balancedEnd(body, match.index + match[0].length - 2);
    if (end === undefined) continue;
    // The whitespace before the attribute goes with it.
    const start = from + before.trimEnd().length;
    styles.push([start, end]);
    edit(start, end, '');
  }
  return styles;
}

/** Gives JSX's empty elements outside the styles removed their end tag, in every HTML node of the body. */
export function closeJsxElements(tree: Root, styles: readonly [number, number][], edit: MarkupEdit): void {
  const inRemoved = inRanges(styles);
  for (const node of htmlNodes(tree)) closeSelfClosed(node, edit, inRemoved);
}

/** The body's HTML nodes outside code, in order. */
function htmlNodes(tree: Root): Html[] {
  const found: Html[] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'html' && node.position?.start.offset !== undefined) found.push(node);
    else if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return found;
}

/** Elements HTML has no end tag for: `<img … />` is one in HTML and JSX alike. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * JSX's empty elements in an HTML node, `<iframe … />` and `<Video … />`, given their end tag
 * (`<iframe …></iframe>`): in HTML the slash means nothing, and the element would hold the rest of
 * the post. Attribute values are skipped whole (quoted, or a `{…}` expression), so a `/>` inside
 * one is not taken for the tag's end; a JSX style already removed is passed over.
 */
function closeSelfClosed(node: Html, edit: MarkupEdit, removed: (offset: number) => boolean): void {
  const base = node.position!.start.offset!;
  const text = node.value;
  // The next quote of each kind from a place, found once: places only move forward.
  const found = new Map<string, number>();
  const nextOf = (char: string, from: number) => {
    let at = found.get(char);
    if (at === undefined || (at !== -1 && at < from)) found.set(char, (at = text.indexOf(char, from)));
    return at;
  };
  for (let at = text.indexOf('<'); at !== -1; at = text.indexOf('<', at + 1)) {
    const name = /^<([A-Za-z][\w.-]*)/.exec(text.slice(at, at + 64))?.[1];
    if (!name) continue;
    let index = at + name.length + 1;
    let end: number | undefined;
    const limit = Math.min(text.length, at + maxTagLength);
    let next: number | undefined;
    while (index < limit && end === undefined && next === undefined) {
      const char = text[index]!;
      if (char === '"' || char === "'") {
        const close = nextOf(char, index + 1);
        index = close === -1 || close >= limit ? limit : close + 1;
      } else if (char === '{') index = balancedEnd(text, index) ?? limit;
      else if (char === '>') end = index;
      // Another tag starts before this one ends: this one is none, and the search goes on from there.
      else if (char === '<') next = index;
      else index++;
    }
    if (end === undefined) {
      // Every place is looked at once: the next search starts where this one stopped.
      at = (next ?? index) - 1;
      continue;
    }
    const slash = text.lastIndexOf('/', end);
    const selfClosed = slash !== -1 && /^\/\s*$/.test(text.slice(slash, end)) && slash > at + name.length;
    if (selfClosed && !voidElements.has(name.toLowerCase()) && !removed(base + slash)) {
      edit(base + slash, base + end + 1, `></${name}>`);
    }
    at = end;
  }
}

/**
 * Where the `{…}` expression opening at `open` ends (just past its last `}`), braces balanced;
 * undefined past the longest looked at.
 */
function balancedEnd(text: string, open: number): number | undefined {
  let depth = 0;
  for (let at = open; at < text.length && at - open < maxStyleLength; at++) {
    if (text[at] === '{') depth++;
    else if (text[at] === '}' && --depth === 0) return at + 1;
  }
  return undefined;
}

/** Whether an offset lies in one of `ranges` (in order, apart), asked for offsets in increasing order. */
export function inRanges(ranges: readonly [number, number][]): (offset: number) => boolean {
  let at = 0;
  return (offset) => {
    while (at < ranges.length && ranges[at]![1] <= offset) at++;
    return at < ranges.length && ranges[at]![0] <= offset;
  };
}
