import type { Element, Root } from 'hast';
import rehypePrettyCode from 'rehype-pretty-code';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { createHighlighter, type Highlighter } from 'shiki';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import { codeTheme } from './code-theme.ts';
import remarkGfm from './gfm.ts';



/** A link written in Markdown, with its position in the source file. */
export interface MarkdownLink {
  href: string;
  line: number;
  column: number;
}

/** A heading and the id it got, for tables of contents and fragment checks. */
export interface MarkdownHeading {
  id: string;
  text: string;
  depth: number;
}

export interface RenderedMarkdown {
  html: string;
  links: MarkdownLink[];
  headings: MarkdownHeading[];
}

let sharedHighlighter: Promise<Highlighter> | undefined;

/**
 * The one Shiki highlighter of a process: the theme loads once, and each fence language once,
 * when the first block in it is highlighted (a worker never loads grammars its files don't use).
 */
export function getSharedHighlighter(): Promise<Highlighter> {
  sharedHighlighter ??= createHighlighter({ themes: [codeTheme], langs: [] }).then(rememberLoadedLanguages);
  return sharedHighlighter;
}

/**
 * rehype-pretty-code asks the highlighter to load every fence language of every file; Shiki
 * answers each request with a dynamic import, even for a grammar it already has. Asking once
 * per language keeps a 1,000-post build from spending seconds in the module loader.
 */
function rememberLoadedLanguages(highlighter: Highlighter): Highlighter {
  const requested = new Map<string, Promise<void>>();
  const loadLanguage = highlighter.loadLanguage.bind(highlighter);
  highlighter.loadLanguage = ((...languages: Parameters<Highlighter['loadLanguage']>) =>
    Promise.all(languages.map((language) => {
      if (typeof language !== 'string') return loadLanguage(language);
      if (!requested.has(language)) requested.set(language, loadLanguage(language));
      return requested.get(language)!;
    })).then(() => undefined)) as Highlighter['loadLanguage'];
  return highlighter;
}

/** Builds the unified processor; it is reused for every file of a build. */
export function createMarkdownProcessor(): Processor<Root, Root, Root, Root, string> {
  return unified()
    .use(remarkParse)
    .use(remarkGfm)
    // Raw HTML in Markdown is dropped (remark-rehype's default): content cannot inject markup.
    .use(remarkRehype)
    .use(rehypeSlug)
    .use(collectLinksAndHeadings)
    .use(rehypePrettyCode, { theme: codeTheme, keepBackground: true, getHighlighter: () => getSharedHighlighter() })
    .use(rehypeStringify) as unknown as Processor<Root, Root, Root, Root, string>;
}

let defaultProcessor: ReturnType<typeof createMarkdownProcessor> | undefined;

/**
 * Renders Markdown to HTML with highlighted code and linkable headings. `firstLine` is the
 * file line the body starts on, so recorded link lines point into the real file.
 */
export async function renderMarkdown(markdown: string, firstLine = 1): Promise<RenderedMarkdown> {
  defaultProcessor ??= createMarkdownProcessor();
  const file = await defaultProcessor.process(markdown);
  const data = file.data as { links?: MarkdownLink[]; headings?: MarkdownHeading[] };
  return {
    html: String(file.value),
    links: (data.links ?? []).map((link) => ({ ...link, line: link.line + firstLine - 1 })),
    headings: data.headings ?? [],
  };
}

/** Records every link and heading id while the tree is still positioned (one walk, no visitor). */
function collectLinksAndHeadings() {
  return (tree: Root, file: VFile) => {
    const links: MarkdownLink[] = [];
    const headings: MarkdownHeading[] = [];
    const walk = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        const { tagName, properties } = child;
        if (tagName === 'a' && typeof properties.href === 'string') {
          links.push({ href: properties.href, line: child.position?.start.line ?? 1, column: child.position?.start.column ?? 1 });
        } else if (tagName.length === 2 && tagName[0] === 'h' && tagName[1]! >= '1' && tagName[1]! <= '6' && typeof properties.id === 'string') {
          headings.push({ id: properties.id, text: textOf(child), depth: Number(tagName[1]) });
        }
        walk(child);
      }
    };
    walk(tree);
    Object.assign(file.data, { links, headings });
  };
}

function textOf(node: Element): string {
  let text = '';
  for (const child of node.children) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') text += textOf(child);
  }
  return text;
}
