import type { Element } from 'hast';
import { getTokenStyleObject, stringifyTokenStyle, type Highlighter, type ThemedToken } from 'shiki';
import type { HighlightedCode } from './highlight-store.ts';

/**
 * Highlights fenced code blocks to exactly the markup rehype-pretty-code gives them with the
 * site's options (one theme, background kept, grid on), straight from Shiki's tokens.
 *
 * rehype-pretty-code asks Shiki for HTML, parses that HTML back into a tree, then walks every
 * line and token of it again; around Shiki's tokenizing that cost two thirds as much again.
 * Here each block's tree is built once from the tokens. What this path does not implement
 * (a fence with meta: titles, captions, line or word highlighting, line numbers; inline code
 * ending in `{:lang}`; tokens carrying HTML attributes) sends the whole body to
 * rehype-pretty-code itself, so no body ever renders differently.
 * tests/render/markdown/highlight-equivalence.test.ts compares both on every fixture, the
 * site's content and hundreds of generated blocks.
 */

/** A `pre` holding one `code`, as remark-rehype writes a fenced block. */
export interface CodeBlock {
  pre: Element;
  code: Element;
  /** From the `language-*` class; empty without one. */
  lang: string;
}

/** Theme options exactly as rehype-pretty-code passes them to Shiki for the site's one theme. */
export interface HighlightTheme {
  theme: string;
  tokenizeTimeLimit: number;
}

/** Shiki's highlighting of one block as tokens, through the same highlighter the reference path uses. */
export type TokensOf = (code: string, lang: string) => { tokens: ThemedToken[][]; fg: string; bg: string };

/**
 * What rehype-pretty-code would do with a `pre` that holds one `code` element: the language it
 * reads, and whether the fence carries anything this path does not implement.
 */
export function readCodeBlock(pre: Element): CodeBlock | 'unsupported' | undefined {
  if (pre.children.length !== 1) return undefined;
  const code = pre.children[0]!;
  if (code.type !== 'element' || code.tagName !== 'code') return undefined;
  const meta = (code.data as { meta?: unknown } | undefined)?.meta ?? code.properties.metastring ?? '';
  if (meta !== '') return 'unsupported';
  const className = code.properties.className;
  const first = Array.isArray(className) ? className[0] : undefined;
  const lang = typeof first === 'string' && first.startsWith('language-') ? first.replace('language-', '') : '';
  return { pre, code, lang };
}

/** Inline code rehype-pretty-code would highlight or rewrite: text ending in `{:lang}` or `{:.token}`. */
export function isHighlightedInlineCode(code: Element): boolean {
  const text = code.children[0];
  return text !== undefined && text.type === 'text' && /\{:[a-zA-Z.-]+\}$/.test(text.value);
}

/**
 * Loads every language the blocks name, as rehype-pretty-code does: failures leave the block to be highlighted as plain
 * text.
 */
export async function loadLanguages(highlighter: Highlighter, blocks: CodeBlock[]): Promise<void> {
  const languages = new Set<string>();
  for (const block of blocks) if (block.lang) languages.add(block.lang);
  await Promise.allSettled(
    [...languages].map((lang) => {
      try {
        return highlighter.loadLanguage(lang as Parameters<Highlighter['loadLanguage']>[0]);
      } catch (error) {
        return Promise.reject(error);
      }
    }),
  );
}

/** The code of a block this path highlights; undefined for one left as it is (no language, or `math`). */
export function codeToHighlight({ lang, code }: CodeBlock): string | undefined {
  if (!lang || lang === 'math') return undefined;
  const text = code.children[0];
  if (!text || text.type !== 'text') return undefined;
  return text.value.replace(/\n$/, '');
}

/**
 * A block's markup from Shiki's tokens, as rehype-pretty-code would write it; undefined when a
 * token needs what only rehype-pretty-code renders. A language Shiki cannot load is
 * highlighted as plain text, as rehype-pretty-code does.
 */
export function highlightCode(code: string, lang: string, tokensOf: TokensOf): HighlightedCode | undefined {
  let result;
  try {
    result = tokensOf(code, lang);
  } catch {
    result = tokensOf(code, 'plaintext');
  }
  const lines = mergeWhitespaceTokens(result.tokens);
  for (const line of lines) for (const token of line) if (token.htmlAttrs) return undefined;
  return { html: linesHtml(lines), fg: result.fg, bg: result.bg };
}

/**
 * Highlights the blocks in place, each `pre` becoming rehype-pretty-code's `figure`, with the
 * markup `highlight` gives each block's code. Returns false, having changed nothing, when a
 * block needs what only rehype-pretty-code renders.
 */
export function highlightBlocks(
  blocks: CodeBlock[],
  highlight: (block: CodeBlock, code: string) => HighlightedCode | undefined,
  themeName: string,
): boolean {
  const highlighted: { block: CodeBlock; markup: HighlightedCode }[] = [];
  for (const block of blocks) {
    const code = codeToHighlight(block);
    if (code === undefined) continue;
    const markup = highlight(block, code);
    if (!markup) return false;
    highlighted.push({ block, markup });
  }
  for (const { block, markup } of highlighted) buildFigure(block, markup, themeName);
  return true;
}

function buildFigure({ pre, code, lang }: CodeBlock, { html, fg, bg }: HighlightedCode, themeName: string): void {
  const codeElement: Element = {
    type: 'element',
    tagName: 'code',
    properties: { 'data-language': lang, 'data-theme': themeName, style: 'display: grid;' },
    children: [{ type: 'raw', value: html }],
  };
  if (code.data !== undefined) codeElement.data = code.data;
  pre.tagName = 'figure';
  pre.properties['data-rehype-pretty-code-figure'] = '';
  pre.children = [
    {
      type: 'element',
      tagName: 'pre',
      properties: {
        style: `background-color:${bg};color:${fg}`,
        tabIndex: 0,
        'data-language': lang,
        'data-theme': themeName,
      },
      children: [codeElement],
    },
  ];
}

/**
 * The lines of a block as HTML, written as rehype-stringify writes the tree rehype-pretty-code
 * makes of them: each line a `<span data-line="">` (holding one space when it shows no text,
 * so that the grid keeps its height), lines apart by a newline, each token a `<span>` with its
 * style. Written directly: these spans are most of a post's elements.
 */
function linesHtml(lines: ThemedToken[][]): string {
  let html = '';
  for (const [index, line] of lines.entries()) {
    let spans = '';
    let empty = true;
    for (const token of line) {
      const text = asReparsed(token.content);
      if (text !== '') empty = false;
      spans += `${openingTag(token)}${escapeText(text)}</span>`;
    }
    html += `${index > 0 ? '\n' : ''}<span data-line="">${empty ? ' ' : spans}</span>`;
  }
  return html;
}

/**
 * Text as it comes back from rehype-pretty-code's round trip through HTML: the HTML parser
 * reads a carriage return as a line feed and drops NUL characters (which micromark has already
 * replaced in Markdown).
 */
function asReparsed(text: string): string {
  return /[\r\0]/.test(text) ? text.replace(/\r/g, '\n').replace(/\0/g, '') : text;
}

/** Text as hast-util-to-html escapes it. */
function escapeText(text: string): string {
  return /[<&]/.test(text) ? text.replace(/[<&]/g, (char) => (char === '<' ? '&#x3C;' : '&#x26;')) : text;
}

/** A double-quoted attribute value as hast-util-to-html escapes it. */
function escapeAttribute(value: string): string {
  return value.replace(/[\0"&'`]/g, (char) => `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`);
}

const openingTags = new Map<string, string>();

/** The token's `<span>` with the `style` Shiki gives it (cached: a theme has a few dozen). */
function openingTag(token: ThemedToken): string {
  const key = token.htmlStyle ? undefined : `${token.color ?? ''}\0${token.bgColor ?? ''}\0${token.fontStyle ?? ''}`;
  let tag = key === undefined ? undefined : openingTags.get(key);
  if (tag === undefined) {
    const style = stringifyTokenStyle(token.htmlStyle ?? getTokenStyleObject(token));
    tag = style ? `<span style="${escapeAttribute(style)}">` : '<span>';
    if (key !== undefined) openingTags.set(key, tag);
  }
  return tag;
}

/**
 * Shiki's default before it builds HTML (`mergeWhitespaces: true` in codeToHast, not exported):
 * a whitespace-only token joins the token after it, unless either is underlined or struck
 * through.
 */
export function mergeWhitespaceTokens(tokens: ThemedToken[][]): ThemedToken[][] {
  return tokens.map((line) => {
    const merged: ThemedToken[] = [];
    let carried = '';
    let firstOffset: number | undefined;
    line.forEach((token, index) => {
      const couldMerge = !(token.fontStyle && (token.fontStyle & 4 || token.fontStyle & 8));
      if (couldMerge && /^\s+$/.test(token.content) && line[index + 1]) {
        if (firstOffset === undefined) firstOffset = token.offset;
        carried += token.content;
      } else if (carried) {
        if (couldMerge) merged.push({ ...token, offset: firstOffset!, content: carried + token.content });
        else merged.push({ content: carried, offset: firstOffset! }, token);
        firstOffset = undefined;
        carried = '';
      } else {
        merged.push(token);
      }
    });
    return merged;
  });
}
