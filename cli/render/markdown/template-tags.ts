// Template tags of other generators left in a body: Hugo's shortcodes (`{{< youtube id >}}`,
// `{{% alert %}}`), Liquid's tags and outputs (`{% include x.html %}`, `{{ site.url }}`), and the
// like. Markdown has no such syntax, so a reader would see them as text on the page: each one
// outside code is a warning at its line and column (`markdown.template-tag`), which
// `build --strict` refuses.
import type { Nodes, Root } from 'mdast';
import { lineAndColumn, lineStarts } from '../../shared/locate-field.ts';
import type { MarkdownWarning } from './render-markdown.ts';

/** The longest tag recognised: a shortcode with its parameters fits, and no search runs further. */
const maxTagLength = 500;

/** Warnings kept per body: past them, one more says how many were left out. */
const maxTagWarnings = 100;

/**
 * A tag's opening and the closing each opening takes: `{{<` … `>}}`, `{{%` … `%}}`, `{%` … `%}`,
 * `{{` … `}}`.
 */
const closings: [open: string, close: string][] = [
  ['{{<', '>}}'],
  ['{{%', '%}}'],
  ['{%', '%}'],
  ['{{', '}}'],
];

/** Where a template tag was found, by offset in the body. */
export interface TemplateTag {
  start: number;
  end: number;
  text: string;
}

/**
 * Every template tag of `markdown` outside its code (fenced, indented and inline) and its HTML
 * comments, in order. Linear in the body: each kind of closing is looked for once from where the
 * last search ended, never again from each opening.
 */
export function findTemplateTags(markdown: string, tree: Root): TemplateTag[] {
  if (!markdown.includes('{{') && !markdown.includes('{%')) return [];
  const skipped = codeRanges(tree);
  const nextClose = new Map<string, number>();
  const closeAfter = (close: string, from: number): number => {
    let at = nextClose.get(close);
    if (at === undefined || (at !== -1 && at < from)) nextClose.set(close, (at = markdown.indexOf(close, from)));
    return at;
  };
  const tags: TemplateTag[] = [];
  let range = 0;
  for (let at = markdown.indexOf('{', 0); at !== -1 && at < markdown.length; at = markdown.indexOf('{', at + 1)) {
    while (range < skipped.length && skipped[range]![1] <= at) range++;
    if (range < skipped.length && skipped[range]![0] <= at) {
      at = skipped[range]![1] - 1;
      continue;
    }
    const kind = closings.find(([open]) => markdown.startsWith(open, at));
    if (!kind) continue;
    const close = closeAfter(kind[1], at + kind[0].length);
    if (close === -1 || close + kind[1].length - at > maxTagLength) continue;
    const end = close + kind[1].length;
    tags.push({ start: at, end, text: markdown.slice(at, end) });
    at = end - 1;
  }
  return tags;
}

/** The tags of `findTemplateTags` as the build's warnings, at their line and column in the body. */
export function templateTagWarnings(markdown: string, tree: Root): MarkdownWarning[] {
  const tags = findTemplateTags(markdown, tree);
  if (tags.length === 0) return [];
  const lines = lineStarts(markdown);
  const warnings = tags.slice(0, maxTagWarnings + 1).map((tag): MarkdownWarning => {
    const { line, column } = lineAndColumn(lines, tag.start);
    const shown = tag.text.replace(/\s+/g, ' ');
    return {
      code: 'markdown.template-tag',
      message: `${shown.length > 60 ? `${shown.slice(0, 57)}…` : shown} is a template tag of another generator: the page shows it as text`,
      tag: tag.text,
      line,
      column,
    };
  });
  if (tags.length > maxTagWarnings)
    warnings[maxTagWarnings] = {
      ...warnings[maxTagWarnings]!,
      message: `${tags.length - maxTagWarnings} more template tags in this body (the first ${maxTagWarnings} are listed)`,
    };
  return warnings;
}

/** Offsets of the body's code and HTML comments, in order, as [start, end). */
export function codeRanges(tree: Root): [number, number][] {
  const ranges: [number, number][] = [];
  const walk = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (
      (node.type === 'code' || node.type === 'inlineCode' || (node.type === 'html' && node.value.startsWith('<!--'))) &&
      start !== undefined &&
      end !== undefined
    ) {
      ranges.push([start, end]);
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * The warnings of a body without those about tags its collection's site fills in itself (`placeholders` of a
 * collection).
 */
export function withoutSitePlaceholders<T extends { code: string; tag?: string }>(
  warnings: T[],
  placeholders: ((tag: string) => boolean) | undefined,
): T[] {
  if (!placeholders) return warnings;
  return warnings.filter(
    (warning) => warning.code !== 'markdown.template-tag' || warning.tag === undefined || !placeholders(warning.tag),
  );
}
