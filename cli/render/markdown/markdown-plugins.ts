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
  const found = new BodyWalk(findCode);
  found.walk(tree);
  Object.assign(file.data, {
    links: found.links,
    headings: found.headings,
    images: found.images,
    problems: found.problems,
    accessibility: found.lint.findings,
    foreignText: found.lint.foreignText,
  });
  return { blocks: found.blocks, unsupported: found.unsupported };
}

/** The one walk over a body's tree (see `collect`), and what it finds. */
class BodyWalk {
  readonly links: MarkdownLink[] = [];
  readonly headings: MarkdownHeading[] = [];
  readonly images: MarkdownImage[] = [];
  readonly problems: MarkdownProblem[] = [];
  readonly blocks: CodeBlock[] = [];
  // The accessibility checks see every element and text of this walk (accessibility-lint.ts).
  readonly lint = new AccessibilityLint();
  unsupported = false;

  constructor(private readonly findCode: boolean) {}

  /** Walks the children of `node`, replacing those the page shows otherwise. */
  walk(node: Root | Element): void {
    for (const [index, child] of node.children.entries()) {
      if (child.type !== 'element') {
        // As rehype-stringify writes raw HTML unless told to trust it.
        if (child.type === 'raw') node.children[index] = { type: 'text', value: child.value };
        else if (child.type === 'text') this.lint.text(child);
        continue;
      }
      const linted = this.lint.element(child);
      this.dropUnsafeUrl(child);
      if (child.tagName === 'img') {
        const marker = recordSiteImage(child, this.images, this.problems);
        if (marker) node.children[index] = marker;
        continue;
      }
      if (child.tagName === 'table') {
        // A table wider than the page scrolls inside a box of its own instead of widening the page;
        // the box takes focus, as a highlighted code block does, so the keyboard can scroll it too.
        node.children[index] = {
          type: 'element',
          tagName: 'div',
          properties: { className: [tableScrollerClass], tabIndex: 0 },
          children: [child],
        };
      }
      this.record(node, child);
      this.walk(child);
      linted?.();
    }
  }

  /** Drops a link's `href` or an image's `src` whose URL is not safe, recording where it was. */
  private dropUnsafeUrl(child: Element): void {
    const { tagName, properties } = child;
    const attribute = tagName === 'a' ? 'href' : tagName === 'img' ? 'src' : undefined;
    const url = attribute && properties[attribute];
    if (!attribute || typeof url !== 'string' || isSafeUrl(url)) return;
    delete properties[attribute];
    const message =
      `${tagName === 'a' ? 'Link' : 'Image'} URL ${JSON.stringify(url.slice(0, 80))} uses a scheme that is not ` +
      `allowed (only ${allowedSchemeNames}, relative URLs and #fragments)`;
    this.problems.push({
      code: 'markdown.unsafe-url',
      message,
      line: child.position?.start.line ?? 1,
      column: child.position?.start.column ?? 1,
    });
  }

  /** Records a link, a heading's id, or a code block to highlight (or code that needs rehype-pretty-code). */
  private record(parent: Root | Element, child: Element): void {
    const { tagName, properties } = child;
    if (tagName === 'a' && typeof properties.href === 'string') {
      this.links.push({
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
      this.headings.push({ id: properties.id, text: textOf(child), depth: Number(tagName[1]) });
    } else if (this.findCode && tagName === 'pre') {
      const block = readCodeBlock(child);
      if (block === 'unsupported') this.unsupported = true;
      else if (block) this.blocks.push(block);
    } else if (this.findCode && tagName === 'code' && parent.type === 'element' && isHighlightedInlineCode(child)) {
      this.unsupported = true;
    }
  }
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
