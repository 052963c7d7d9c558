// What search indexes of a page, read from its HTML by the build, so that Pagefind is handed a
// record (its `addCustomRecord`) instead of the page to parse again in its own process.
//
// The reading follows Pagefind's own (its `fossick/parser.rs`, which the record then goes through
// as if Pagefind had read it), so that a page is found by the same words, with the same weights,
// title, metadata and filters:
// - only what lies inside `data-pagefind-body` is indexed, and a page without it is not;
// - `data-pagefind-ignore` leaves an element's text out (`="all"` its metadata and filters too),
//   as do the site's `ignore` selectors and the elements Pagefind always leaves out (`head`,
//   `script`, `nav`, `footer`, `form` …);
// - `data-pagefind-meta`, `-filter`, `-sort`, `-default-meta` and `-index-attrs` are read as
//   Pagefind reads them, the title falling back to the first `h1`, then `<title>`;
// - headings and `data-pagefind-weight` weigh their words with Pagefind's own weight marks in the
//   text, which Pagefind reads from a record as from a page;
// - blocks end in a full stop and are set apart by a space, inline elements are not, and text is
//   decoded and its spaces collapsed once the page is read, as Pagefind does.
// What the record lacks is Pagefind's anchors (an element's `id`, for results within a page),
// which the site's search does not show: where one would be marked, a space is left, as the mark
// leaves one.
import { compile, type Options } from 'css-select';
import { parse, SelectorType, type Selector } from 'css-what';
import { decodeHTML } from 'entities';
import { htmlVoidElements } from 'html-void-elements';
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import { detached } from '../shared/detached-string.ts';

/** A page as Pagefind indexes it: its text (with weight marks), language, metadata, filters and sort keys. */
export interface SearchRecord {
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
  sort: Record<string, string>;
}

/** Pagefind's attribute that marks what a page gives the index. */
export const bodyAttribute = 'data-pagefind-body';

/** Elements Pagefind reads a full stop and a space after, so that their sentences do not run together. */
const sentenceElements = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'td',
  'div',
  'ul',
  'li',
  'article',
  'section',
]);

/** Elements Pagefind always leaves out of the index. */
const removedElements = new Set([
  'head',
  'style',
  'script',
  'noscript',
  'label',
  'form',
  'svg',
  'footer',
  'nav',
  'iframe',
  'template',
]);

/** Elements without an end tag (HTML's void elements), whose metadata is read as they open. */
const voidElements = new Set(htmlVoidElements);

/** The weight Pagefind gives a heading's words when the page sets none. */
const headingWeights: Record<string, string> = { h1: '7', h2: '6', h3: '5', h4: '4', h5: '3', h6: '2' };

/** A character after which a block gets a full stop: a word's (Rust's Unicode `\w`), a quote, a bracket, `$` or `*`. */
const sentenceCharacter = /^[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}'")$*]$/u;

/** Whether `text` ends in a character that takes a full stop; only its last character is looked at. */
function endsSentence(text: string): boolean {
  if (text === '') return false;
  const last = text.codePointAt(text.length - 1)!;
  // The second half of a surrogate pair: the character is the pair.
  const start = last >= 0xdc00 && last <= 0xdfff && text.length > 1 ? text.length - 2 : text.length - 1;
  return sentenceCharacter.test(text.slice(start));
}

/** `name[attribute]` in a metadata or filter attribute: the value is the element's attribute. */
const attributeReference = /^\s*(?<name>[^:[\]]+)\[(?<attribute>.+)\]\s*$/;

/** Pagefind's own marks, which it strips from metadata and filters. */
const pagefindMarks = /___PAGEFIND_\S+\s?/g;

/** Pagefind's text clean-up: entities decoded, the ends trimmed, runs of newlines and spaces made one space. */
function normalize(text: string): string {
  return decodeHTML(text)
    .replace(/^[\n\r\s]+|[\n\r\s]+$/g, '')
    .replace(/(\n|\r\n)+/g, ' ')
    .replace(/\s{2,}/g, ' ');
}

/**
 * An element's attributes as written, names (lower-cased) and values in turn: looked up by
 * name, never as an object's keys, so a name such as `constructor` is only a name.
 */
type Attributes = string[];

/** The value of the first attribute named `name`, as browsers take the first of two. */
function attribute(attributes: Attributes, name: string): string | undefined {
  for (let i = 0; i < attributes.length; i += 2) if (attributes[i] === name) return attributes[i + 1];
  return undefined;
}

/**
 * The page is read as it streams, as Pagefind reads it: an element's later siblings and its
 * children are not known when it opens, so only selectors that need neither are accepted
 * (`ignoreSelectorProblem`); the siblings before it are known (`children` of its parent so far).
 */
const streamingAdapter: NonNullable<Options<ReadNode, ReadNode>['adapter']> = {
  isTag: (node): node is ReadNode => true,
  getAttributeValue: (element, name) => attribute(element.attributes, name),
  getChildren: (node) => node.children ?? [],
  getName: (element) => element.tag,
  // The reader's root holds what lies outside any element: it is no element.
  getParent: (node) => (node.parent?.parent ? node.parent : null),
  getSiblings: (node) => node.parent?.children ?? [node],
  getText: () => '',
  hasAttrib: (element, name) => attribute(element.attributes, name) !== undefined,
  removeSubsets: (nodes) => nodes,
};

/** The site's `ignore` selectors, ready to test the elements of a page as it is read. */
export interface IgnoreTests {
  tests: ((element: ReadNode) => boolean)[];
  /** Whether a selector counts an element's siblings (`:nth-child` …), which are then kept. */
  countsSiblings: boolean;
}

/** Pseudo-classes that need only what comes before an element: those Pagefind's HTML rewriter knows. */
const streamingPseudos = new Set(['not', 'nth-child', 'first-child', 'nth-of-type', 'first-of-type']);

/**
 * Why `selector` cannot leave parts of pages out of search, or undefined when it can: it must be
 * CSS that Pagefind's own reading accepts (names, classes, ids, attributes, descendant and child
 * combinators, `:not`, `:nth-child`, `:first-child`, `:nth-of-type`, `:first-of-type`).
 */
export function ignoreSelectorProblem(selector: string): string | undefined {
  let parsed: Selector[][];
  try {
    parsed = parse(selector);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  const problem = (selectors: Selector[][]): string | undefined => {
    for (const token of selectors.flat()) {
      switch (token.type) {
        case SelectorType.Tag:
        case SelectorType.Universal:
        case SelectorType.Descendant:
        case SelectorType.Child:
          if ('namespace' in token && token.namespace !== null) return 'a namespace';
          break;
        case SelectorType.Attribute:
          if (token.namespace !== null) return 'a namespace';
          if (token.action === 'not') return '`!=`';
          break;
        case SelectorType.Pseudo:
          if (!streamingPseudos.has(token.name)) return `:${token.name}`;
          if (token.name === 'not' && Array.isArray(token.data)) {
            const inner = problem(token.data);
            if (inner) return inner;
          }
          break;
        default:
          return token.type === SelectorType.PseudoElement ? `::${token.name}` : `the ${token.type} combinator`;
      }
    }
    return undefined;
  };
  const found = problem(parsed);
  return found && `${found} is not supported`;
}

/** The site's `ignore` selectors, each under the page's root as Pagefind applies them, made ready to test elements. */
export function compileIgnore(ignore: readonly string[]): IgnoreTests {
  return {
    tests: ignore.map((selector) => compile(`html ${selector}`, { adapter: streamingAdapter })),
    countsSiblings: ignore.some((selector) => countsSiblings(parse(selector))),
  };
}

/** Whether a selector has a pseudo-class that counts the siblings before an element. */
function countsSiblings(selectors: Selector[][]): boolean {
  return selectors.some((tokens) =>
    tokens.some(
      (token) =>
        token.type === SelectorType.Pseudo &&
        (token.name !== 'not' || (Array.isArray(token.data) && countsSiblings(token.data))),
    ),
  );
}

const noIgnore: IgnoreTests = { tests: [], countsSiblings: false };

type Status = 'indexing' | 'ignored' | 'excluded' | 'body' | 'parentOfBody';

/** An element being read: the text gathered inside it so far, and what it asks of search. */
interface ReadNode {
  tag: string;
  value: string;
  parent: ReadNode | undefined;
  status: Status;
  filter: string[] | undefined;
  sort: string[] | undefined;
  meta: string[] | undefined;
  defaultMeta: string[] | undefined;
  weight: string | undefined;
  attributes: Attributes;
  /** The element's children so far, kept only for selectors that count siblings. */
  children: ReadNode[] | undefined;
}

/** Reads one page into its record; see the top of this file. */
class RecordReader {
  private readonly root: ReadNode = {
    tag: '',
    value: '',
    parent: undefined,
    status: 'indexing',
    attributes: [],
    children: undefined,
    filter: undefined,
    sort: undefined,
    meta: undefined,
    defaultMeta: undefined,
    weight: undefined,
  };
  private current = this.root;
  private htmlDepth = 0;
  private language: string | undefined;
  private readonly filters = new Map<string, string[]>();
  private readonly sort = new Map<string, string>();
  private readonly meta = new Map<string, string>();
  private readonly defaultMeta = new Map<string, string>();

  constructor(private readonly ignore: IgnoreTests) {
    if (ignore.countsSiblings) this.root.children = [];
  }

  onopentag(tag: string, attributes: Attributes): void {
    if (tag === 'html') {
      this.htmlDepth += 1;
      const lang = attribute(attributes, 'lang');
      if (lang !== undefined) this.language = lang.toLowerCase();
    } else if (this.htmlDepth === 0) return;
    const parent = this.current;
    const status = statusOf(attributes);
    if (status !== 'excluded' && status !== 'ignored' && attribute(attributes, 'id') !== undefined) {
      // Where Pagefind marks an anchor, which the record leaves out but for the space around it.
      if (!(parent.status === 'parentOfBody' && status !== 'body')) parent.value += '  ';
    }
    if (status !== 'excluded') {
      const indexed = attribute(attributes, 'data-pagefind-index-attrs');
      if (indexed !== undefined) {
        for (const name of indexed.split(',')) {
          let value = attribute(attributes, name.trim().toLowerCase()) ?? '';
          if (endsSentence(value)) value += '.';
          parent.value += ` ${value} `;
        }
      }
      if (tag === 'br') parent.value += ' ';
    }
    const node: ReadNode = {
      tag,
      value: '',
      parent,
      status: parent.status === 'excluded' ? 'excluded' : status,
      attributes,
      children: this.ignore.countsSiblings ? [] : undefined,
      filter: listOf(attribute(attributes, 'data-pagefind-filter'), attributes),
      sort: listOf(attribute(attributes, 'data-pagefind-sort'), attributes),
      meta: listOf(attribute(attributes, 'data-pagefind-meta'), attributes),
      defaultMeta: listOf(attribute(attributes, 'data-pagefind-default-meta'), attributes),
      weight: attribute(attributes, 'data-pagefind-weight'),
    };
    parent.children?.push(node);
    this.current = node;
    const isVoid = voidElements.has(tag);
    if (isVoid) this.closeVoid(node);
    if (this.isLeftOut(node)) {
      // Pagefind marks the element being read when a selector matches; a void element has
      // already handed that place back to its parent, which is then left out instead.
      this.current.status = 'ignored';
    }
  }

  ontext(text: string): void {
    if (this.htmlDepth > 0) this.current.value += text;
  }

  onclosetag(tag: string): void {
    if (this.htmlDepth === 0 || voidElements.has(tag) || this.current === this.root) return;
    const node = this.current;
    this.current = node.parent!;
    if (tag === 'html') this.htmlDepth -= 1;
    if (node.status === 'excluded') return;
    this.readMetadata(node);
    if (node.tag === 'h1' && !this.meta.has('auto_title') && node.value.trim() !== '')
      this.meta.set('auto_title', normalize(node.value));
    if (node.tag === 'title' && !this.meta.has('auto_page_title'))
      this.meta.set('auto_page_title', normalize(node.value));
    if (node.status === 'ignored') return;
    let value = node.value;
    if (sentenceElements.has(node.tag)) {
      value = ` ${value}`;
      if (endsSentence(value)) value += '.';
      value += ' ';
    }
    const weight = node.weight ?? headingWeights[node.tag];
    if (weight !== undefined) {
      const mark = node.weight === undefined ? '___PAGEFIND_AUTO_WEIGHT___' : '___PAGEFIND_WEIGHT___';
      value = ` ${mark}${weight} ${value} ___END_PAGEFIND_WEIGHT___ `;
    }
    const parent = this.current;
    const isBody = node.status === 'body' || node.status === 'parentOfBody';
    if (parent.status === 'parentOfBody' && !isBody) return;
    if (isBody) {
      if (parent.status !== 'parentOfBody') parent.value = '';
      parent.status = 'parentOfBody';
    }
    parent.value += value;
  }

  /** A void element: its metadata, and the page's image when it is the first after the title. */
  private closeVoid(node: ReadNode): void {
    this.current = node.parent!;
    if (node.status === 'excluded') return;
    this.readMetadata(node);
    const src = attribute(node.attributes, 'src');
    const alt = attribute(node.attributes, 'alt');
    if (
      node.tag === 'img' &&
      src !== undefined &&
      !this.meta.has('auto_image') &&
      (this.meta.has('auto_title') || this.meta.has('title'))
    ) {
      this.meta.set('auto_image', src);
      if (alt !== undefined) this.meta.set('auto_image_alt', alt);
    }
  }

  private isLeftOut(node: ReadNode): boolean {
    if (this.htmlDepth === 0 || node.tag === 'html') return false;
    if (removedElements.has(node.tag)) return true;
    return this.ignore.tests.some((matches) => matches(node));
  }

  private readMetadata(node: ReadNode): void {
    if (!node.filter && !node.sort && !node.meta && !node.defaultMeta) return;
    for (const [name, value] of pairs(node, node.filter)) {
      const values = this.filters.get(name);
      if (values) values.push(normalize(value));
      else this.filters.set(name, [normalize(value)]);
    }
    for (const [name, value] of pairs(node, node.sort)) this.sort.set(name, value);
    for (const [name, value] of pairs(node, node.meta)) this.meta.set(name, value);
    for (const [name, value] of pairs(node, node.defaultMeta)) this.defaultMeta.set(name, value);
  }

  /** The record, once the page is read; undefined when nothing of it is marked for search. */
  record(): SearchRecord | undefined {
    if (this.root.status !== 'parentOfBody') return undefined;
    const meta = this.meta;
    const image = meta.get('auto_image');
    if (image !== undefined) {
      const alt = meta.get('auto_image_alt') ?? '';
      meta.delete('auto_image');
      meta.delete('auto_image_alt');
      if (!meta.has('image')) meta.set('image', image).set('image_alt', alt);
    }
    for (const fallback of ['auto_title', 'auto_page_title']) {
      const title = meta.get(fallback);
      meta.delete(fallback);
      if (title !== undefined && !meta.has('title')) meta.set('title', title);
    }
    // Every string of the record its own: a slice of the page would keep the page alive while
    // the record waits for its part, or in the page cache's memory.
    const unmarked = (text: string) => detached(text.replace(pagefindMarks, ''));
    return {
      content: detached(normalize(this.root.value)),
      language: detached(this.language || 'unknown'),
      meta: Object.fromEntries(
        [...this.defaultMeta, ...meta].map(([name, value]) => [detached(name), unmarked(value)]),
      ),
      filters: Object.fromEntries([...this.filters].map(([name, values]) => [detached(name), values.map(unmarked)])),
      sort: Object.fromEntries([...this.sort].map(([name, value]) => [detached(name), detached(value)])),
    };
  }
}

/** What an element's own attributes ask: body, left out of the text, or left out with its metadata. */
function statusOf(attributes: Attributes): Status {
  if (attribute(attributes, bodyAttribute) !== undefined) return 'body';
  const ignore = attribute(attributes, 'data-pagefind-ignore');
  if (ignore === undefined) return 'indexing';
  return ['', 'index', 'true'].includes(ignore.toLowerCase()) ? 'ignored' : 'excluded';
}

/** A metadata, filter or sort attribute as a list of `name:value` or `name` (the element's text). */
function listOf(value: string | undefined, attributes: Attributes): string[] | undefined {
  return value === undefined ? undefined : parseAttributeList(value, attributes);
}

/** Pagefind's reading of `title[content], type:post`; a literal after the first `:` belongs to the last name. */
function parseAttributeList(input: string, attributes: Attributes): string[] {
  const colon = input.indexOf(':');
  if (colon !== -1) {
    const list = parseAttributeList(input.slice(0, colon), attributes);
    if (list.length > 0) list[list.length - 1] += `:${input.slice(colon + 1)}`;
    return list;
  }
  return input.split(',').map((chunk) => {
    const trimmed = chunk.trim();
    const reference = attributeReference.exec(trimmed);
    return reference
      ? `${reference.groups!.name}:${attribute(attributes, reference.groups!.attribute!.toLowerCase()) ?? ''}`
      : trimmed;
  });
}

/** Each `name:value` of a list, a bare name taking the element's text (none when it has no text). */
function* pairs(node: ReadNode, list: readonly string[] | undefined): Generator<[string, string]> {
  for (const entry of list ?? []) {
    const colon = entry.indexOf(':');
    if (colon !== -1) yield [entry.slice(0, colon), normalize(entry.slice(colon + 1))];
    else if (node.value !== '') yield [entry, normalize(node.value)];
  }
}

/**
 * The search record of a page, or undefined when it marks nothing for search. `ignore` comes from
 * `compileIgnore`. A page without the body attribute anywhere in it is not parsed.
 */
export function searchRecordOf(html: string, ignore: IgnoreTests = noIgnore): SearchRecord | undefined {
  if (!html.includes(bodyAttribute)) return undefined;
  const reader = new RecordReader(ignore);
  // Text and attributes as written, decoded once the page is read, as Pagefind decodes them:
  // whether a block gets its full stop depends on its last character as written (`&quot;`).
  const tokenizer = new Tokenizer({ decodeEntities: false }, new TagStream(html, reader));
  tokenizer.write(html);
  tokenizer.end();
  return reader.record();
}

/** Elements whose children may close themselves with `/>` (SVG and MathML's). */
const foreignRoots = new Set(['svg', 'math']);

/**
 * htmlparser2's tokens as the elements they open and close, for the reader. A page is read as
 * Pagefind's rewriter reads it: an end tag closes the element it names (and any left open inside
 * it); no end tag is implied by what follows, as an HTML tree builder would (the build's pages
 * close every element they open). The tokenizer is used without its parser, which builds every
 * element's attributes as an object and checks for implied ends, work the reading does not need.
 */
class TagStream implements TokenizerCallbacks {
  private tag = '';
  private attributes: Attributes = [];
  private attribName = '';
  private attribValue = '';
  /** The names of the elements open, outermost first; void elements are never open. */
  private readonly open: string[] = [];
  private foreignDepth = 0;

  constructor(
    private readonly html: string,
    private readonly reader: RecordReader,
  ) {}

  onopentagname(start: number, end: number): void {
    this.tag = this.html.slice(start, end).toLowerCase();
    this.attributes = [];
  }
  onattribname(start: number, end: number): void {
    this.attribName = this.html.slice(start, end).toLowerCase();
    this.attribValue = '';
  }
  onattribdata(start: number, end: number): void {
    this.attribValue += this.html.slice(start, end);
  }
  onattribentity(): void {}
  onattribend(): void {
    this.attributes.push(this.attribName, this.attribValue);
  }
  onopentagend(): void {
    this.openTag(false);
  }
  onselfclosingtag(): void {
    this.openTag(this.foreignDepth > 0);
  }
  onclosetag(start: number, end: number): void {
    const tag = this.html.slice(start, end).toLowerCase();
    const at = this.open.lastIndexOf(tag);
    if (at === -1) return;
    while (this.open.length > at) this.closeTag(this.open.pop()!);
  }
  ontext(start: number, end: number): void {
    this.reader.ontext(this.html.slice(start, end));
  }
  ontextentity(): void {}
  oncdata(): void {}
  oncomment(): void {}
  ondeclaration(): void {}
  onprocessinginstruction(): void {}
  onend(): void {}

  private openTag(selfClosed: boolean): void {
    const { tag } = this;
    this.reader.onopentag(tag, this.attributes);
    if (voidElements.has(tag)) return;
    if (selfClosed) {
      this.reader.onclosetag(tag);
      return;
    }
    this.open.push(tag);
    if (foreignRoots.has(tag)) this.foreignDepth += 1;
  }

  private closeTag(tag: string): void {
    if (foreignRoots.has(tag)) this.foreignDepth -= 1;
    this.reader.onclosetag(tag);
  }
}
