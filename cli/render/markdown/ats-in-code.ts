import type { Nodes, Root } from 'mdast';

/**
 * Whether a body needs the parser that links email addresses (gfm-autolinks.ts). That parser
 * is much slower, and an address can only be linked where an `@` is in text: a body whose
 * every `@` is inside a code block (an `@scope/package` import, a commit author, an address
 * in a shell script) parses the same without it. These two tell the cases apart.
 */

/**
 * A quick guess from the text alone: whether every `@` is on a line between two fence lines
 * (``` or ~~~, after any indentation or `>`). A wrong guess only costs time: the parse it
 * leads to is checked with `atsAllInCodeBlocks`.
 */
export function atsLookFenced(markdown: string): boolean {
  const regions: [number, number][] = [];
  let open: { marker: string; start: number } | undefined;
  for (const match of markdown.matchAll(/^[ \t>]*(`{3,}|~{3,})/gm)) {
    const marker = match[1]!;
    if (!open) open = { marker, start: match.index };
    else if (marker[0] === open.marker[0] && marker.length >= open.marker.length) {
      regions.push([open.start, match.index]);
      open = undefined;
    }
  }
  if (open) regions.push([open.start, markdown.length]);
  return atsWithin(markdown, regions);
}

/**
 * Whether every `@` of the source lies within a fenced or indented code block of its parsed
 * tree. Code blocks, fences and info strings included, are never parsed as text, so no email
 * address can be linked there whatever the parser.
 */
export function atsAllInCodeBlocks(markdown: string, tree: Root): boolean {
  const blocks: [number, number][] = [];
  const walk = (node: Nodes) => {
    if (node.type === 'code') {
      blocks.push([node.position?.start.offset ?? 0, node.position?.end.offset ?? 0]);
    } else if (
      node.type === 'root' ||
      node.type === 'blockquote' ||
      node.type === 'list' ||
      node.type === 'listItem' ||
      node.type === 'footnoteDefinition'
    ) {
      for (const child of node.children) walk(child);
    }
  };
  walk(tree);
  return atsWithin(markdown, blocks);
}

/** Whether every `@` of the text is within one of these ranges (in order, not overlapping). */
function atsWithin(markdown: string, ranges: [number, number][]): boolean {
  let range = 0;
  for (let at = markdown.indexOf('@'); at !== -1; at = markdown.indexOf('@', at + 1)) {
    while (range < ranges.length && ranges[range]![1] <= at) range += 1;
    if (range === ranges.length || at < ranges[range]![0]) return false;
  }
  return true;
}
