// Renders one Markdown body to HTML: the processor, the function that runs it, and what it gives back.
import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified, type Processor } from 'unified';
import type { VFile } from 'vfile';
import remarkGfm from './gfm-autolinks.ts';
import { findTooDeep, maxNestedContainerLines, maxNestingDepth } from './nesting-depth.ts';
import { stringifyWithSlots, type BodySlot } from './body-slots.ts';
import type { MarkdownImage } from './markdown-images.ts';
import type { MarkdownEmbed } from './markdown-embeds.ts';
import { rawHtml, type RawHtmlData } from './raw-html.ts';
import type { AccessibilityCode, AccessibilityFinding, ForeignText } from './accessibility-lint.ts';
import recordSourceUrls, { sourceUrlsOf, type SourceUrl } from './source-urls.ts';
import { samePageLinks } from './same-page-links.ts';
import { templateTagWarnings } from './template-tags.ts';
import { atsAllInCodeBlocks, atsLookFenced } from './ats-in-code.ts';
import {
  collectLinksAndHeadings,
  loadPrettyCode,
  prepareBody,
  prettyCodeOptions,
  type PrettyCodePlugin,
} from './markdown-plugins.ts';

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
  code:
    | 'markdown.unsafe-url'
    | 'markdown.too-deep'
    | 'markdown.unclosed-html'
    | 'markdown.external-image'
    | 'image.missing-alt'
    | 'image.unsupported-format';
  message: string;
  hint?: string;
  line: number;
  column: number;
}

/**
 * Something the build left out of a body, or what in it a screen reader or a keyboard would trip on
 * (accessibility-lint.ts), at its line and column: it does not fail the build, except under `--strict`.
 */
export interface MarkdownWarning {
  code: 'markdown.html-removed' | 'markdown.template-tag' | AccessibilityCode;
  message: string;
  /** The tag as written, for a template tag: the site may fill it in itself (`placeholders` of a collection). */
  tag?: string;
  hint?: string;
  line: number;
  column: number;
}

export interface RenderedMarkdown {
  /** The body's HTML; where `slots` say, the page puts markup of its own (body-slots.ts). */
  html: string;
  /**
   * Where in `html` each image of `images` and each embed of `embeds` goes, in order: offsets,
   * never text in the HTML. Absent when the body has none.
   */
  slots?: BodySlot[];
  links: MarkdownLink[];
  headings: MarkdownHeading[];
  /**
   * Images from content/images, in order: each has a slot, which the page fills with the image's
   * markup (the site's template for a body does). Absent when the body has none.
   */
  images?: MarkdownImage[];
  /**
   * Iframes written in the body, in order: each has a slot; the site says which it shows
   * (markdown-embeds.ts) and its template for a body makes them what it shows. `null` for one
   * not shown. Absent when the body has none.
   */
  embeds?: (MarkdownEmbed | null)[];
  /**
   * Present when the body has problems: the build reports them and fails. Plain data, so it is cached and crosses from
   * workers with the rest.
   */
  problems?: MarkdownProblem[];
  /**
   * Present when HTML was removed from the body, or the accessibility checks found something: the build prints them and
   * goes on. Cached with the rest, so a body from the cache still reports them.
   */
  warnings?: MarkdownWarning[];
  /**
   * Text in a script other than Latin outside any `lang`: each build reports what is not in its site's language
   * (applyLanguageRule). Absent when there is none.
   */
  foreignText?: ForeignText[];
  /**
   * Where the body's text holds each link's, image's and definition's URL (source-urls.ts), for its Markdown copy.
   * Absent when there is none.
   */
  sourceUrls?: SourceUrl[];
  /**
   * Where the body's text holds HTML, as `[start, end]` offsets, for its Markdown copy (whose links in HTML are made
   * absolute too). Absent when there is none.
   */
  sourceHtml?: [number, number][];
  /**
   * Fragments of same-page links the HTML points elsewhere (same-page-links.ts): `f1` → `#user-content-f1`, for its
   * Markdown copy. Absent when there is none.
   */
  fragments?: Record<string, string>;
}

/** Builds the unified processor; it is reused for every file of a build. */
export function createMarkdownProcessor(options: { emails?: boolean } = {}): Processor<Root, Root, Root, Root, string> {
  return (
    unified()
      .use(remarkParse)
      .use(remarkGfm, options)
      .use(recordSourceUrls)
      // HTML written in the body is kept as raw nodes, then parsed and sanitized (raw-html.ts).
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rawHtml)
      .use(rehypeSlug)
      .use(samePageLinks)
      .use(prepareBody)
      // The only raw HTML left in the tree is the highlighted code's (`collect`, markdown-plugins.ts, turns any other
      // into text).
      .use(rehypeStringify, { allowDangerousHtml: true }) as unknown as Processor<Root, Root, Root, Root, string>
  );
}

/**
 * The processor with every code block highlighted by rehype-pretty-code itself, as the site
 * rendered before highlight-code.ts: what tests compare the fast path with.
 */
function createReferenceMarkdownProcessor(
  rehypePrettyCode: PrettyCodePlugin,
  options: { emails?: boolean } = {},
): Processor<Root, Root, Root, Root, string> {
  return unified()
    .use(remarkParse)
    .use(remarkGfm, options)
    .use(recordSourceUrls)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rawHtml)
    .use(rehypeSlug)
    .use(samePageLinks)
    .use(collectLinksAndHeadings)
    .use(rehypePrettyCode, prettyCodeOptions())
    .use(rehypeStringify) as unknown as Processor<Root, Root, Root, Root, string>;
}

type MarkdownProcessor = ReturnType<typeof createMarkdownProcessor>;

/**
 * One processor for bodies that may hold email addresses to link and one for the rest, which
 * parses faster (gfm-autolinks.ts); the same for the reference path.
 */
const processors: {
  withEmails?: MarkdownProcessor;
  withoutEmails?: MarkdownProcessor;
  referenceWithEmails?: MarkdownProcessor;
  referenceWithoutEmails?: MarkdownProcessor;
} = {};

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
  const tags = templateTagWarnings(markdown, mdast as unknown as MdastRoot);
  const sourceUrls = sourceUrlsOf(mdast as unknown as MdastRoot);
  const { tree, file } = await runTransforms(processor, mdast);
  return renderedFrom(
    stringifyWithSlots(tree, (root) => processor.stringify(root, file)),
    file,
    firstLine,
    sourceUrls,
    tags,
  );
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
  const mdast = processor.parse(markdown) as unknown as Root;
  const tags = templateTagWarnings(markdown, mdast as unknown as MdastRoot);
  const sourceUrls = sourceUrlsOf(mdast as unknown as MdastRoot);
  const { tree, file } = await runTransforms(processor, mdast);
  return renderedFrom(
    stringifyWithSlots(tree, (root) => processor.stringify(root, file)),
    file,
    firstLine,
    sourceUrls,
    tags,
  );
}

/** Checked before parsing: parsing deep nesting is what takes too long or overflows the stack. */
function refuseTooDeep(markdown: string, firstLine: number): RenderedMarkdown | undefined {
  const tooDeep = findTooDeep(markdown);
  if (!tooDeep) return undefined;
  const message =
    tooDeep.kind === 'nested-lines'
      ? `Markdown has more than ${maxNestedContainerLines} lines of lists or blockquotes inside others`
      : `Markdown nests ${tooDeep.kind === 'blocks' ? 'lists and blockquotes' : 'emphasis'} more than ${maxNestingDepth} levels deep`;
  return {
    html: '',
    links: [],
    headings: [],
    problems: [{ code: 'markdown.too-deep', message, line: tooDeep.line + firstLine - 1, column: tooDeep.column }],
  };
}

/**
 * Runs the processor's transforms on a parsed body, in a file of its own (where `collect`, markdown-plugins.ts, records
 * what it found).
 */
function runTransforms(processor: MarkdownProcessor, mdast: Root): Promise<{ tree: Root; file: VFile }> {
  return new Promise((resolve, reject) => {
    processor.run(mdast, (error, tree, file) => {
      if (error || !tree || !file) reject(error);
      else resolve({ tree, file });
    });
  });
}

function renderedFrom(
  { html, slots }: { html: string; slots: BodySlot[] },
  file: VFile,
  firstLine: number,
  sourceUrls: SourceUrl[],
  templateTags: MarkdownWarning[],
): RenderedMarkdown {
  const data = file.data as {
    links?: MarkdownLink[];
    headings?: MarkdownHeading[];
    images?: MarkdownImage[];
    problems?: MarkdownProblem[];
    accessibility?: AccessibilityFinding[];
    foreignText?: ForeignText[];
    fragments?: Record<string, string>;
  } & RawHtmlData;
  const inFile = <T extends { line: number }>(item: T): T => ({ ...item, line: item.line + firstLine - 1 });
  const problems = [...(data.htmlProblems ?? []), ...(data.problems ?? [])].map(inFile);
  const images = (data.images ?? []).map(inFile);
  const embeds = data.embeds?.map((embed) => embed && inFile(embed));
  const warnings = [...(data.htmlWarnings ?? []), ...(data.accessibility ?? []), ...templateTags]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map(inFile);
  const foreignText = (data.foreignText ?? []).map(inFile);
  return {
    html,
    links: (data.links ?? []).map(inFile),
    headings: data.headings ?? [],
    ...(slots.length > 0 ? { slots } : {}),
    ...(images.length > 0 ? { images } : {}),
    ...(embeds ? { embeds } : {}),
    ...(problems.length > 0 ? { problems } : {}),
    ...(warnings.length > 0 ? { warnings } : {}),
    ...(foreignText.length > 0 ? { foreignText } : {}),
    ...(sourceUrls.length > 0 ? { sourceUrls } : {}),
    ...(data.htmlSpans?.length ? { sourceHtml: data.htmlSpans } : {}),
    ...(data.fragments ? { fragments: data.fragments } : {}),
  };
}
