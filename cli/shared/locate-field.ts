import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';

export type FieldPath = ReadonlyArray<string | number>;

/** Converts a character offset to a 1-based line and column. */
export function offsetToLineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Formats a field path the way authors read it: `footer.columns[0].links[3].href`. */
export function formatFieldPath(fieldPath: FieldPath): string {
  return fieldPath.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${key}` : key),
    '',
  );
}

/** Finds the line and column of a field in JSON text, falling back to its nearest existing parent. */
export function locateJsonField(source: string, fieldPath: FieldPath): { line: number; column: number } {
  const tree = treeOf(source);
  if (!tree) return { line: 1, column: 1 };
  for (let length = fieldPath.length; length >= 0; length--) {
    const node = findNodeAtLocation(tree, fieldPath.slice(0, length) as (string | number)[]);
    if (node) return offsetToLineColumn(source, keyOffset(node));
  }
  return { line: 1, column: 1 };
}

let lastTree: { source: string; tree: JsonNode | undefined } | undefined;

/** Parses JSON text once for the many look-ups made while indexing one dataset. */
function treeOf(source: string): JsonNode | undefined {
  if (lastTree?.source !== source) lastTree = { source, tree: parseTree(source) };
  return lastTree.tree;
}

/** Prefers the property key's position, which is where an author looks for a field. */
function keyOffset(node: JsonNode): number {
  const property = node.parent;
  if (property?.type === 'property' && property.children?.[0]) return property.children[0].offset;
  return node.offset;
}

/** Finds the line of a top-level key in front matter; `bodyLine` math is done by the caller. */
export function locateFrontMatterField(frontMatterText: string, key: string | number | undefined): number {
  if (typeof key !== 'string') return 1;
  const lines = frontMatterText.split('\n');
  const index = lines.findIndex((line) => line.startsWith(`${key}:`));
  // Line 1 of the file is the opening fence, so the YAML's first line is line 2.
  return index === -1 ? 1 : index + 2;
}

/**
 * Offsets where each line of `text` starts: many places of one text are located with `lineAndColumn` in logarithmic
 * time each.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The 1-based line and column of `offset`, given the text's `lineStarts`. */
export function lineAndColumn(starts: readonly number[], offset: number): { line: number; column: number } {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { line: low + 1, column: offset - starts[low]! + 1 };
}
