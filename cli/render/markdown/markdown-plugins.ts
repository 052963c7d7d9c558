// The Markdown processor's own steps: a body's links, headings, URLs and images checked, its
// tables boxed, and its code highlighted.
import type { Element, Root } from 'hast';
import type { Options as PrettyCodeOptions } from 'rehype-pretty-code';
import type { BundledLanguage } from 'shiki';
import type { VFile } from 'vfile';
import { AccessibilityLint } from './accessibility-lint.ts';
import { codeTheme } from './code-theme.ts';
import { allowedSchemeNames, isSafeUrl } from './safe-urls.ts';
import { recordSiteImage, type MarkdownImage } from './markdown-images.ts';
import {
  codeToHighlight,
  highlightBlocks,
  highlightCode,
  isHighlightedInlineCode,
  loadLanguages,
  readCodeBlock,
  type CodeBlock,
  type TokensOf,
} from './highlight-code.ts';
import { storedHighlight, storeHighlight, type HighlightedCode } from './highlight-store.ts';
import { getSharedHighlighter } from './shared-highlighter.ts';
import type { MarkdownHeading, MarkdownLink, MarkdownProblem } from './render-markdown.ts';

/** rehype-pretty-code as the site configures it (its code theme): the markup every highlighted block has. */
export function prettyCodeOptions(): PrettyCodeOptions {
  return { theme: codeTheme(), keepBackground: true, getHighlighter: () => getSharedHighlighter() };
}

export type PrettyCodePlugin = typeof import('rehype-pretty-code').default;

/**
 * rehype-pretty-code, loaded when a body first needs it: the build highlights from Shiki's tokens
 * (highlight-code.ts), and the package with the HTML parser it brings (parse5) is a quarter of
 * what a thread would otherwise load to render its first body.
 */
export function loadPrettyCode(): Promise<PrettyCodePlugin> {
  return import('rehype-pretty-code').then((module) => module.default);
}

/**
 * One walk over the body's tree: records links and headings, checks URLs and images
 * (`collect`), and finds the code blocks, which it then highlights (highlight-code.ts), or
 * leaves to rehype-pretty-code when one needs what only that does.
 */
export function prepareBody() {
  // Made when a body first needs it (rehype-pretty-code starts Shiki as soon as it is made), and
  // again for another code theme.
  let transform: { theme: string; run: (tree: Root) => Promise<void> } | undefined;
  const prettyCode = async (tree: Root) => {
    if (transform?.theme !== codeTheme())
      transform = {
        theme: codeTheme(),
        run: (await loadPrettyCode())(prettyCodeOptions()) as (tree: Root) => Promise<void>,
      };
    return transform.run(tree);
  };
  return async (tree: Root, file: VFile) => {
    const found = collect(tree, file, true);
    if (found.unsupported) return prettyCode(tree);
    if (found.blocks.length === 0) return;
    // Blocks highlighted by an earlier build come from the store; Shiki starts only for the others.
    const stored = new Map<CodeBlock, HighlightedCode>();
    const fresh: CodeBlock[] = [];
    for (const block of found.blocks) {
      const code = codeToHighlight(block);
      if (code === undefined) continue;
      const markup = storedHighlight(block.lang, code);
      if (markup) stored.set(block, markup);
      else fresh.push(block);
    }
    let tokensOf: TokensOf | undefined;
    if (fresh.length > 0) {
      const highlighter = await getSharedHighlighter();
      await loadLanguages(highlighter, fresh);
      tokensOf = (code, lang) =>
        highlighter.codeToTokens(code, { lang: lang as BundledLanguage, theme: codeTheme() }) as ReturnType<TokensOf>;
    }
    const highlight = (block: CodeBlock, code: string) => {
      const known = stored.get(block);
      if (known) return known;
      const markup = highlightCode(code, block.lang, tokensOf!);
      if (markup) storeHighlight(block.lang, code, markup);
      return markup;
    };
    if (!highlightBlocks(found.blocks, highlight, codeTheme())) await prettyCode(tree);
  };
}

/** `collect` alone, for the reference processor. */
export function collectLinksAndHeadings() {
  return (tree: Root, file: VFile) => {
    collect(tree, file, false);
  };
}

/**
 * Records every link and heading id while the tree is still positioned (one walk, no visitor),
 * and drops every `href` and `src` whose URL is not safe (safe-urls.ts), recording where it was.
 * Images get their alt text checked, and each one from content/images is replaced by a marker
 * (markdown-images.ts). Each table goes in a box of its own. With `findCode`, also lists the
 * code blocks to highlight, and whether anything in the body needs rehype-pretty-code.
 */
function collect(tree: Root, file: VFile, findCode: boolean): { blocks: CodeBlock[]; unsupported: boolean } {
  const links: MarkdownLink[] = [];
  const headings: MarkdownHeading[] = [];
  const images: MarkdownImage[] = [];
  const problems: MarkdownProblem[] = [];
  const blocks: CodeBlock[] = [];
  // The accessibility checks see every element and text of this walk (accessibility-lint.ts).
  const lint = new AccessibilityLint();
  let unsupported = false;
  const walk = (node: Root | Element) => {
    for (const [index, child] of node.children.entries()) {
      if (child.type !== 'element') {
        // As rehype-stringify writes raw HTML unless told to trust it.
        if (child.type === 'raw') node.children[index] = { type: 'text', value: child.value };
        else if (child.type === 'text') lint.text(child);
        continue;
      }
      const { tagName, properties } = child;
      const linted = lint.element(child);
      const attribute = tagName === 'a' ? 'href' : tagName === 'img' ? 'src' : undefined;
      const url = attribute && properties[attribute];
      if (attribute && typeof url === 'string' && !isSafeUrl(url)) {
        delete properties[attribute];
        const message = `${tagName === 'a' ? 'Link' : 'Image'} URL ${JSON.stringify(url.slice(0, 80))} uses a scheme that is not allowed (only ${allowedSchemeNames}, relative URLs and #fragments)`;
        problems.push({
          code: 'markdown.unsafe-url',
          message,
          line: child.position?.start.line ?? 1,
          column: child.position?.start.column ?? 1,
        });
      }
      if (tagName === 'img') {
        const marker = recordSiteImage(child, images, problems);
        if (marker) node.children[index] = marker;
        continue;
      }
      if (tagName === 'table') {
        // A table wider than the page scrolls inside a box of its own instead of widening the page;
        // the box takes focus, as a highlighted code block does, so the keyboard can scroll it too.
        node.children[index] = {
          type: 'element',
          tagName: 'div',
          properties: { className: [tableScrollerClass], tabIndex: 0 },
          children: [child],
        };
      }
      if (tagName === 'a' && typeof properties.href === 'string') {
        links.push({
          href: properties.href,
          line: child.position?.start.line ?? 1,
          column: child.position?.start.column ?? 1,
        });
      } else if (
        tagName.length === 2 &&
        tagName[0] === 'h' &&
        tagName[1]! >= '1' &&
        tagName[1]! <= '6' &&
        typeof properties.id === 'string'
      ) {
        headings.push({ id: properties.id, text: textOf(child), depth: Number(tagName[1]) });
      } else if (findCode && tagName === 'pre') {
        const block = readCodeBlock(child);
        if (block === 'unsupported') unsupported = true;
        else if (block) blocks.push(block);
      } else if (findCode && tagName === 'code' && node.type === 'element' && isHighlightedInlineCode(child)) {
        unsupported = true;
      }
      walk(child);
      linted?.();
    }
  };
  walk(tree);
  Object.assign(file.data, {
    links,
    headings,
    images,
    problems,
    accessibility: lint.findings,
    foreignText: lint.foreignText,
  });
  return { blocks, unsupported };
}

/** The class of the box each table of a body sits in, for the site's styles to let it scroll. */
const tableScrollerClass = 'table-scroll';

function textOf(node: Element): string {
  let text = '';
  for (const child of node.children) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') text += textOf(child);
  }
  return text;
}
