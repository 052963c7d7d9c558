import type { Element, Root, RootContent } from 'hast';
import { raw } from 'hast-util-raw';
import type { VFile } from 'vfile';
import {
  checkHtmlStructure,
  maxHtmlDepth,
  maxOpenFormatting,
  type HtmlStructureProblem,
  type RawHtmlPiece,
} from './html-limits.ts';
import { rawHtmlSchema } from './html-schema.ts';
import { slotOf } from './body-slots.ts';
import type { MarkdownEmbed } from './markdown-embeds.ts';
import { RawHtmlRun } from './raw-html-run.ts';
import type { MarkdownProblem, MarkdownWarning } from './render-markdown.ts';

/** Warnings kept per body: past them, one more says how many were left out. */
export const maxWarningsPerBody = 100;

/** What the plugin leaves in the file's data for renderedFrom (render-markdown.ts). */
export interface RawHtmlData {
  htmlProblems?: MarkdownProblem[];
  htmlWarnings?: MarkdownWarning[];
  embeds?: (MarkdownEmbed | null)[];
  /** Where each piece of HTML stands in the body's text, as `[start, end]` offsets. */
  htmlSpans?: [number, number][];
}

/**
 * HTML written in a Markdown body (remark-rehype's `raw` nodes), parsed and sanitized.
 *
 * The whole tree goes through hast-util-raw (parse5, the HTML parsing algorithm), because HTML and
 * Markdown interleave: a `<details>` opened in one HTML block holds the Markdown paragraphs up to
 * its `</details>`. Only what the author wrote as HTML is then sanitized, with hast-util-sanitize
 * and GitHub's schema as this site adjusts it (html-schema.ts); Markdown's own elements come out
 * exactly as they went in (their properties and data, a code fence's meta included, are put back),
 * whatever HTML surrounds them. To tell the two apart after parsing, every Markdown element
 * carries an attribute with a per-render random value through the parser.
 *
 * Everything the sanitizer removes is reported as a warning at its line and column
 * (`markdown.html-removed`): `<script> removed`, `onclick on <a> removed`. A URL with a scheme
 * outside the allowed ones is an error, as in Markdown (`markdown.unsafe-url`). An `<iframe>` is
 * recorded as an embed and left as a slot (body-slots.ts): the site decides what it becomes (markdown-embeds.ts).
 * Comments are left out without a word: notes to oneself, never shown.
 *
 * A body without HTML is left alone: its tree is never reparsed.
 */
export function rawHtml() {
  return (tree: Root, file: VFile): Root | undefined => {
    const spans: [number, number][] = [];
    const pieces = rawPieces(tree, spans);
    if (pieces.length === 0) return undefined;
    const data = file.data as RawHtmlData;
    data.htmlSpans = spans;
    const wrong = checkHtmlStructure(pieces, elementsKeptOrRemoved);
    if (wrong) {
      data.htmlProblems = [structureProblem(wrong)];
      removeRaw(tree);
      return undefined;
    }
    const run = new RawHtmlRun();
    run.mark(tree);
    const parsed = raw(tree, { file }) as Root;
    run.cleanChildren(parsed);
    if (run.embeds.length > 0) liftEmbeds(parsed);
    if (run.problems.length > 0) data.htmlProblems = run.problems;
    if (run.warnings.length > 0) data.htmlWarnings = capped(run.warnings);
    if (run.embeds.length > 0) data.embeds = run.embeds;
    return parsed;
  };
}

/**
 * Elements whose being left open changes or loses what follows: those the sanitizer keeps (a `<b>`,
 * an `<a>`, a `<div>`) and those it removes with their content (a `<textarea>`, a `<script>`).
 * Any other is unwrapped, so the rest of the body inside it is shown as written.
 */
const elementsKeptOrRemoved = {
  names: new Set([...(rawHtmlSchema.tagNames ?? []), ...(rawHtmlSchema.strip ?? []), 'iframe']),
  matters(tagName: string): boolean {
    return this.names.has(tagName);
  },
};

/** What the structure check found, as the error the build reports. */
function structureProblem(wrong: HtmlStructureProblem): MarkdownProblem {
  const at = { line: wrong.line, column: wrong.column };
  switch (wrong.kind) {
    case 'depth':
      return {
        code: 'markdown.too-deep',
        message: `HTML in this body nests elements more than ${maxHtmlDepth} deep at <${wrong.tagName}> (an element counts until its end tag)`,
        hint: 'Close each element you open (</div>), or write the structure in Markdown.',
        ...at,
      };
    case 'formatting':
      return {
        code: 'markdown.too-deep',
        message: `HTML in this body leaves more than ${maxOpenFormatting} formatting elements (<b>, <i>, <a>…) open at <${wrong.tagName}>`,
        hint: 'Close each one with its own end tag (</b>): a paragraph end does not close it.',
        ...at,
      };
    case 'unclosed':
      return {
        code: 'markdown.unclosed-html',
        message: `<${wrong.tagName}> is never closed: everything after it in the body would be inside it`,
        hint: `Add </${wrong.tagName}> where it ends (in HTML, <${wrong.tagName} /> does not close it).`,
        ...at,
      };
    case 'unclosed-comment':
      return {
        code: 'markdown.unclosed-html',
        message: 'An HTML comment is never closed: it would hide the rest of the body',
        hint: 'End it with -->.',
        ...at,
      };
  }
}

/**
 * The body's HTML pieces in document order, with where each starts; `spans` gets the offsets of each in the body's
 * text.
 */
function rawPieces(tree: Root, spans: [number, number][]): RawHtmlPiece[] {
  const pieces: RawHtmlPiece[] = [];
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type === 'raw') {
        pieces.push({
          value: child.value,
          line: child.position?.start.line ?? 1,
          column: child.position?.start.column ?? 1,
        });
        const { start, end } = child.position ?? {};
        if (start?.offset !== undefined && end?.offset !== undefined) spans.push([start.offset, end.offset]);
      } else if (child.type === 'element') walk(child);
    }
  };
  walk(tree);
  return pieces;
}

/** Drops every HTML piece: what a body refused for its HTML renders as (its problem fails the build). */
function removeRaw(node: Root | Element): void {
  node.children = node.children.filter((child) => child.type !== 'raw') as typeof node.children;
  for (const child of node.children) if (child.type === 'element') removeRaw(child);
}

function capped(warnings: MarkdownWarning[]): MarkdownWarning[] {
  if (warnings.length <= maxWarningsPerBody) return warnings;
  const last = warnings[maxWarningsPerBody]!;
  return [
    ...warnings.slice(0, maxWarningsPerBody),
    {
      ...last,
      message: `${warnings.length - maxWarningsPerBody} more pieces of HTML removed from this body (the first ${maxWarningsPerBody} are listed)`,
    },
  ];
}

/**
 * An iframe on a line of its own is a paragraph to Markdown (`<iframe …></iframe>` is inline
 * HTML): a paragraph that holds nothing but embed slots gives way to them, so what the site
 * makes of a slot (a player, a block) is not inside a `<p>`.
 */
function liftEmbeds(node: Root | Element): void {
  node.children = (node.children as RootContent[]).flatMap((child): RootContent[] => {
    if (child.type !== 'element') return [child];
    if (
      child.tagName === 'p' &&
      child.children.some(isEmbedMarker) &&
      child.children.every((inner) => isEmbedMarker(inner) || (inner.type === 'text' && inner.value.trim() === ''))
    ) {
      return child.children.filter(isEmbedMarker);
    }
    liftEmbeds(child);
    return [child];
  }) as typeof node.children;
}

function isEmbedMarker(node: RootContent): boolean {
  return slotOf(node)?.kind === 'embed';
}
