import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Element, Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import type { Options as PrettyCodeOptions } from 'rehype-pretty-code';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { bundledLanguages, createHighlighter, type BundledLanguage, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import { codeTheme } from './code-theme.ts';
import remarkGfm from './gfm-autolinks.ts';
import { findTooDeep, maxNestedContainerLines, maxNestingDepth } from './nesting-depth.ts';
import { allowedSchemeNames, isSafeUrl } from './safe-urls.ts';
import { recordSiteImage, type MarkdownImage } from './markdown-images.ts';
import type { MarkdownEmbed } from './markdown-embeds.ts';
import { rawHtml, type RawHtmlData } from './raw-html.ts';
import { atsAllInCodeBlocks, atsLookFenced } from './ats-in-code.ts';
import { codeToHighlight, highlightBlocks, highlightCode, isHighlightedInlineCode, loadLanguages, readCodeBlock, type CodeBlock, type TokensOf } from './highlight-code.ts';
import { storedHighlight, storeHighlight, type HighlightedCode } from './highlight-store.ts';

export type { MarkdownImage } from './markdown-images.ts';
export type { MarkdownEmbed } from './markdown-embeds.ts';

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

/** Something in a body the build refuses, at its line and column in the file. */
export interface MarkdownProblem {
  code: 'markdown.unsafe-url' | 'markdown.too-deep' | 'markdown.unclosed-html' | 'markdown.external-image' | 'image.missing-alt' | 'image.unsupported-format';
  message: string;
  hint?: string;
  line: number;
  column: number;
}

/** Something the build left out of a body and says so, at its line and column: it does not fail the build. */
export interface MarkdownWarning {
  code: 'markdown.html-removed';
  message: string;
  hint?: string;
  line: number;
  column: number;
}

export interface RenderedMarkdown {
  html: string;
  links: MarkdownLink[];
  headings: MarkdownHeading[];
  /**
   * Images from content/images, in order: each stands in the HTML as a `<!--sitegen-image:N-->`
   * marker, which the page replaces with the image's markup (the site's template for a body does).
   * Absent when the body has none.
   */
  images?: MarkdownImage[];
  /**
   * Iframes written in the body, in order: each stands in the HTML as a `<!--sitegen-embed:N-->`
   * marker; the site says which it shows (markdown-embeds.ts) and its template for a body makes
   * them what it shows. `null` for one that is not in the HTML. Absent when the body has none.
   */
  embeds?: (MarkdownEmbed | null)[];
  /** Present when the body has problems: the build reports them and fails. Plain data, so it is cached and crosses from workers with the rest. */
  problems?: MarkdownProblem[];
  /** Present when HTML was removed from the body: the build prints them and goes on. Cached with the rest, so a body from the cache still reports them. */
  warnings?: MarkdownWarning[];
}

let sharedHighlighter: Promise<Highlighter> | undefined;
let highlighterStarted = false;

/** Whether this thread has started Shiki: not when every block came from the highlight store. */
export function hasStartedHighlighter(): boolean {
  return highlighterStarted;
}

/**
 * The one Shiki highlighter of a process: the theme loads once, and each fence language once,
 * when the first block in it is highlighted (a worker never loads grammars its files don't use).
 */
export function getSharedHighlighter(): Promise<Highlighter> {
  highlighterStarted = true;
  sharedHighlighter ??= newHighlighter([]).then(withStableLanguages);
  return sharedHighlighter;
}

function newHighlighter(langs: string[]): Promise<Highlighter> {
  return createHighlighter({ themes: [codeTheme], langs, engine: createOnigurumaEngine({ instantiator: loadOniguruma }) });
}

/**
 * Shiki's regex engine, compiled from the package's .wasm file. Shiki's default imports a
 * JavaScript module holding the same binary as text, and its loader's check for a fetch
 * Response makes Node load its HTTP client; together about 0.2 s of each worker's start-up.
 * (The binary is compiled once per thread, however many highlighters it has.)
 */
async function loadOniguruma(imports?: WebAssembly.Imports): Promise<WebAssembly.WebAssemblyInstantiatedSource> {
  const wasm = await readFile(createRequire(import.meta.url).resolve('shiki/onig.wasm'));
  return WebAssembly.instantiate(wasm, imports);
}

/**
 * Shiki gives up on a line after `tokenizeTimeLimit` ms (500 by default) and leaves the rest of
 * the block plain, so on a busy machine (a CI runner, a build beside its tests) the same code
 * came out coloured in one build and plain in the next. A build must be reproducible: the limit
 * is set far above what any real line costs, and stays only as a bound on a grammar's
 * pathological backtracking (a Markdown file's size is limited too).
 */
const tokenizeTimeLimit = 20_000;

type LanguageModule = { default: { embeddedLangsLazy?: string[] }[] };

/**
 * Makes the highlighter load each language once and highlight each block the same way in
 * every build.
 *
 * rehype-pretty-code asks the highlighter to load every fence language of every file; Shiki
 * answers each request with a dynamic import, even for a grammar it already has. Asking once
 * per language keeps a 1,000-post build from spending seconds in the module loader.
 *
 * Some grammars (markdown, vue, svelte, mdx...) highlight code inside them in any language
 * that happens to be loaded: in a shared highlighter, a markdown block's front matter would be
 * YAML or plain text depending on which files the same thread rendered before. Those languages
 * get a highlighter of their own, which never loads the languages they embed only lazily.
 */
function withStableLanguages(shared: Highlighter): Highlighter {
  const requested = new Map<string, Promise<void>>();
  const isolated = new Map<string, Highlighter>();
  const loadShared = shared.loadLanguage.bind(shared);
  const highlightShared = shared.codeToHtml.bind(shared);
  const load = async (language: string) => {
    const loadModule = (bundledLanguages as Record<string, (() => Promise<LanguageModule>) | undefined>)[language];
    const embedsLazily = loadModule && (await loadModule()).default.some((grammar) => (grammar.embeddedLangsLazy ?? []).length > 0);
    if (embedsLazily) isolated.set(language, await newHighlighter([language]));
    else await loadShared(language as BundledLanguage);
  };
  shared.loadLanguage = ((...languages: Parameters<Highlighter['loadLanguage']>) =>
    Promise.all(languages.map((language) => {
      if (typeof language !== 'string') return loadShared(language);
      if (!requested.has(language)) requested.set(language, load(language));
      return requested.get(language)!;
    })).then(() => undefined)) as Highlighter['loadLanguage'];
  shared.codeToHtml = ((code, options) => {
    const own = typeof options.lang === 'string' ? isolated.get(options.lang) : undefined;
    const stable = { ...options, tokenizeTimeLimit };
    return own ? own.codeToHtml(code, stable) : highlightShared(code, stable);
  }) as Highlighter['codeToHtml'];
  const tokensShared = shared.codeToTokens.bind(shared);
  shared.codeToTokens = ((code, options) => {
    const own = typeof options.lang === 'string' ? isolated.get(options.lang) : undefined;
    const stable = { ...options, tokenizeTimeLimit };
    return own ? own.codeToTokens(code, stable) : tokensShared(code, stable);
  }) as Highlighter['codeToTokens'];
  return shared;
}

/** rehype-pretty-code as the site configures it: the markup every highlighted block has. */
const prettyCodeOptions: PrettyCodeOptions = { theme: codeTheme, keepBackground: true, getHighlighter: () => getSharedHighlighter() };

type PrettyCodePlugin = typeof import('rehype-pretty-code').default;

/**
 * rehype-pretty-code, loaded when a body first needs it: the build highlights from Shiki's tokens
 * (highlight-code.ts), and the package with the HTML parser it brings (parse5) is a quarter of
 * what a thread would otherwise load to render its first body.
 */
function loadPrettyCode(): Promise<PrettyCodePlugin> {
  return import('rehype-pretty-code').then((module) => module.default);
}

/** Builds the unified processor; it is reused for every file of a build. */
export function createMarkdownProcessor(options: { emails?: boolean } = {}): Processor<Root, Root, Root, Root, string> {
  return unified()
    .use(remarkParse)
    .use(remarkGfm, options)
    // HTML written in the body is kept as raw nodes, then parsed and sanitized (raw-html.ts).
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rawHtml)
    .use(rehypeSlug)
    .use(prepareBody)
    // The only raw HTML left in the tree is the highlighted code's (`collect` turns any other into text).
    .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor<Root, Root, Root, Root, string>;
}

/**
 * The processor with every code block highlighted by rehype-pretty-code itself, as the site
 * rendered before highlight-code.ts: what tests compare the fast path with.
 */
function createReferenceMarkdownProcessor(rehypePrettyCode: PrettyCodePlugin, options: { emails?: boolean } = {}): Processor<Root, Root, Root, Root, string> {
  return unified()
    .use(remarkParse)
    .use(remarkGfm, options)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rawHtml)
    .use(rehypeSlug)
    .use(collectLinksAndHeadings)
    .use(rehypePrettyCode, prettyCodeOptions)
    .use(rehypeStringify) as unknown as Processor<Root, Root, Root, Root, string>;
}

type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

/**
 * One processor for bodies that may hold email addresses to link and one for the rest, which
 * parses faster (gfm-autolinks.ts); the same for the reference path.
 */
const processors: { withEmails?: MarkdownProcessor; withoutEmails?: MarkdownProcessor; referenceWithEmails?: MarkdownProcessor; referenceWithoutEmails?: MarkdownProcessor } = {};

/**
 * Renders Markdown to HTML with highlighted code and linkable headings. `firstLine` is the
 * file line the body starts on, so recorded link lines point into the real file.
 */
export async function renderMarkdown(markdown: string, firstLine = 1): Promise<RenderedMarkdown> {
  const tooDeep = refuseTooDeep(markdown, firstLine);
  if (tooDeep) return tooDeep;
  const processor = (processors.withoutEmails ??= createMarkdownProcessor({ emails: false }));
  // An email address can only be linked where an `@` is in text: a body whose every `@` is in
  // a code block (an `@scope/package` import, a commit author) parses as fast as one without.
  let mdast: Root | undefined;
  if (!markdown.includes('@') || atsLookFenced(markdown)) {
    mdast = processor.parse(markdown) as unknown as Root;
    if (markdown.includes('@') && !atsAllInCodeBlocks(markdown, mdast as unknown as MdastRoot)) mdast = undefined;
  }
  mdast ??= (processors.withEmails ??= createMarkdownProcessor()).parse(markdown) as unknown as Root;
  const { tree, file } = await runTransforms(processor, mdast);
  return renderedFrom(processor.stringify(tree, file), file, firstLine);
}

/**
 * `renderMarkdown` with every code block highlighted by rehype-pretty-code and the parser chosen
 * by whether the body has an `@` at all, as the site rendered before: what tests compare
 * `renderMarkdown` with, byte for byte.
 */
export async function renderMarkdownReference(markdown: string, firstLine = 1): Promise<RenderedMarkdown> {
  const tooDeep = refuseTooDeep(markdown, firstLine);
  if (tooDeep) return tooDeep;
  const rehypePrettyCode = await loadPrettyCode();
  const processor = markdown.includes('@')
    ? (processors.referenceWithEmails ??= createReferenceMarkdownProcessor(rehypePrettyCode))
    : (processors.referenceWithoutEmails ??= createReferenceMarkdownProcessor(rehypePrettyCode, { emails: false }));
  const file = await processor.process(markdown);
  return renderedFrom(String(file.value), file, firstLine);
}

/** Checked before parsing: parsing deep nesting is what takes too long or overflows the stack. */
function refuseTooDeep(markdown: string, firstLine: number): RenderedMarkdown | undefined {
  const tooDeep = findTooDeep(markdown);
  if (!tooDeep) return undefined;
  const message = tooDeep.kind === 'nested-lines'
    ? `Markdown has more than ${maxNestedContainerLines} lines of lists or blockquotes inside others`
    : `Markdown nests ${tooDeep.kind === 'blocks' ? 'lists and blockquotes' : 'emphasis'} more than ${maxNestingDepth} levels deep`;
  return { html: '', links: [], headings: [], problems: [{ code: 'markdown.too-deep', message, line: tooDeep.line + firstLine - 1, column: tooDeep.column }] };
}

/** Runs the processor's transforms on a parsed body, in a file of its own (where `collect` records what it found). */
function runTransforms(processor: MarkdownProcessor, mdast: Root): Promise<{ tree: Root; file: VFile }> {
  return new Promise((resolve, reject) => {
    processor.run(mdast, (error, tree, file) => {
      if (error || !tree || !file) reject(error);
      else resolve({ tree, file });
    });
  });
}

function renderedFrom(html: string, file: VFile, firstLine: number): RenderedMarkdown {
  const data = file.data as { links?: MarkdownLink[]; headings?: MarkdownHeading[]; images?: MarkdownImage[]; problems?: MarkdownProblem[] } & RawHtmlData;
  const inFile = <T extends { line: number }>(item: T): T => ({ ...item, line: item.line + firstLine - 1 });
  const problems = [...(data.htmlProblems ?? []), ...(data.problems ?? [])].map(inFile);
  const images = (data.images ?? []).map(inFile);
  const embeds = data.embeds?.map((embed) => embed && inFile(embed));
  const warnings = (data.htmlWarnings ?? []).map(inFile);
  return {
    html,
    links: (data.links ?? []).map(inFile),
    headings: data.headings ?? [],
    ...(images.length > 0 ? { images } : {}),
    ...(embeds ? { embeds } : {}),
    ...(problems.length > 0 ? { problems } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/**
 * One walk over the body's tree: records links and headings, checks URLs and images
 * (`collect`), and finds the code blocks, which it then highlights (highlight-code.ts), or
 * leaves to rehype-pretty-code when one needs what only that does.
 */
function prepareBody() {
  // Made when a body first needs it: rehype-pretty-code starts Shiki as soon as it is made.
  let transform: ((tree: Root) => Promise<void>) | undefined;
  const prettyCode = async (tree: Root) => {
    transform ??= (await loadPrettyCode())(prettyCodeOptions) as (tree: Root) => Promise<void>;
    return transform(tree);
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
      tokensOf = (code, lang) => highlighter.codeToTokens(code, { lang: lang as BundledLanguage, theme: codeTheme }) as ReturnType<TokensOf>;
    }
    const highlight = (block: CodeBlock, code: string) => {
      const known = stored.get(block);
      if (known) return known;
      const markup = highlightCode(code, block.lang, tokensOf!);
      if (markup) storeHighlight(block.lang, code, markup);
      return markup;
    };
    if (!highlightBlocks(found.blocks, highlight, codeTheme)) await prettyCode(tree);
  };
}

/** `collect` alone, for the reference processor. */
function collectLinksAndHeadings() {
  return (tree: Root, file: VFile) => {
    collect(tree, file, false);
  };
}

/**
 * Records every link and heading id while the tree is still positioned (one walk, no visitor),
 * and drops every `href` and `src` whose URL is not safe (safe-urls.ts), recording where it was.
 * Images get their alt text checked, and each one from content/images is replaced by a marker
 * (markdown-images.ts). With `findCode`, also lists the code blocks to highlight, and whether
 * anything in the body needs rehype-pretty-code.
 */
function collect(tree: Root, file: VFile, findCode: boolean): { blocks: CodeBlock[]; unsupported: boolean } {
  const links: MarkdownLink[] = [];
  const headings: MarkdownHeading[] = [];
  const images: MarkdownImage[] = [];
  const problems: MarkdownProblem[] = [];
  const blocks: CodeBlock[] = [];
  let unsupported = false;
  const walk = (node: Root | Element) => {
    for (const [index, child] of node.children.entries()) {
      if (child.type !== 'element') {
        // As rehype-stringify writes raw HTML unless told to trust it.
        if (child.type === 'raw') node.children[index] = { type: 'text', value: child.value };
        continue;
      }
      const { tagName, properties } = child;
      const attribute = tagName === 'a' ? 'href' : tagName === 'img' ? 'src' : undefined;
      const url = attribute && properties[attribute];
      if (attribute && typeof url === 'string' && !isSafeUrl(url)) {
        delete properties[attribute];
        const message = `${tagName === 'a' ? 'Link' : 'Image'} URL ${JSON.stringify(url.slice(0, 80))} uses a scheme that is not allowed (only ${allowedSchemeNames}, relative URLs and #fragments)`;
        problems.push({ code: 'markdown.unsafe-url', message, line: child.position?.start.line ?? 1, column: child.position?.start.column ?? 1 });
      }
      if (tagName === 'img') {
        const marker = recordSiteImage(child, images, problems);
        if (marker) node.children[index] = marker;
        continue;
      }
      if (tagName === 'a' && typeof properties.href === 'string') {
        links.push({ href: properties.href, line: child.position?.start.line ?? 1, column: child.position?.start.column ?? 1 });
      } else if (tagName.length === 2 && tagName[0] === 'h' && tagName[1]! >= '1' && tagName[1]! <= '6' && typeof properties.id === 'string') {
        headings.push({ id: properties.id, text: textOf(child), depth: Number(tagName[1]) });
      } else if (findCode && tagName === 'pre') {
        const block = readCodeBlock(child);
        if (block === 'unsupported') unsupported = true;
        else if (block) blocks.push(block);
      } else if (findCode && tagName === 'code' && node.type === 'element' && isHighlightedInlineCode(child)) {
        unsupported = true;
      }
      walk(child);
    }
  };
  walk(tree);
  Object.assign(file.data, { links, headings, images, problems });
  return { blocks, unsupported };
}

function textOf(node: Element): string {
  let text = '';
  for (const child of node.children) {
    if (child.type === 'text') text += child.value;
    else if (child.type === 'element') text += textOf(child);
  }
  return text;
}
