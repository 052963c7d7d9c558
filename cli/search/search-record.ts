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
import { Parser } from 'htmlparser2';

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

/** An element as the selectors see it: its name, attributes, parent and the siblings before it. */
interface SelectorElement {
  name: string;
  attribs: Record<string, string>;
  parent: SelectorElement | null;
  children: SelectorElement[];
}

/**
 * The page is read as it streams, as Pagefind reads it: an element's later siblings and its
 * children are not known when it opens, so only selectors that need neither are accepted
 * (`ignoreSelectorProblem`).
 */
const streamingAdapter: NonNullable<Options<SelectorElement, SelectorElement>['adapter']> = {
  isTag: (node): node is SelectorElement => true,
  getAttributeValue: (element, name) => element.attribs[name],
  getChildren: (node) => node.children,
  getName: (element) => element.name,
  getParent: (node) => node.parent,
  getSiblings: (node) => node.parent?.children ?? [node],
  getText: () => '',
  hasAttrib: (element, name) => name in element.attribs,
  removeSubsets: (nodes) => nodes,
};

/** Whether an element is one a site's `ignore` selector leaves out. */
export type IgnoreTest = (element: SelectorElement) => boolean;

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
export function compileIgnore(ignore: readonly string[]): IgnoreTest[] {
  return ignore.map((selector) => compile(`html ${selector}`, { adapter: streamingAdapter }));
}

type Status = 'indexing' | 'ignored' | 'excluded' | 'body' | 'parentOfBody';

/** An element being read: the text gathered inside it so far, and what it asks of search. */
interface ReadNode {
  tag: string;
  value: string;
  parent?: ReadNode;
  status: Status;
  filter: string[] | undefined;
  sort: string[] | undefined;
  meta: string[] | undefined;
  defaultMeta: string[] | undefined;
  weight: string | undefined;
  attribs: Record<string, string>;
  element?: SelectorElement;
}

/** Reads one page into its record; see the top of this file. */
class RecordReader {
  private readonly root: ReadNode = {
    tag: '',
    value: '',
    status: 'indexing',
    attribs: {},
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

  constructor(private readonly ignore: readonly IgnoreTest[]) {}

  onopentag(tag: string, attribs: Record<string, string>): void {
    if (tag === 'html') {
      this.htmlDepth += 1;
      if (attribs.lang !== undefined) this.language = attribs.lang.toLowerCase();
    } else if (this.htmlDepth === 0) return;
    const parent = this.current;
    const status = statusOf(attribs);
    if (status !== 'excluded' && status !== 'ignored' && attribs.id !== undefined) {
      // Where Pagefind marks an anchor, which the record leaves out but for the space around it.
      if (!(parent.status === 'parentOfBody' && status !== 'body')) parent.value += '  ';
    }
    if (status !== 'excluded') {
      const indexed = attribs['data-pagefind-index-attrs'];
      if (indexed !== undefined) {
        for (const name of indexed.split(',')) {
          let value = attribs[name.trim()] ?? '';
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
      attribs,
      filter: listOf(attribs['data-pagefind-filter'], attribs),
      sort: listOf(attribs['data-pagefind-sort'], attribs),
      meta: listOf(attribs['data-pagefind-meta'], attribs),
      defaultMeta: listOf(attribs['data-pagefind-default-meta'], attribs),
      weight: attribs['data-pagefind-weight'],
    };
    if (this.ignore.length > 0) {
      node.element = { name: tag, attribs, parent: parent.element ?? null, children: [] };
      parent.element?.children.push(node.element);
    }
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
    const { src, alt } = node.attribs;
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
    return node.element !== undefined && this.ignore.some((matches) => matches(node.element!));
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
    const unmarked = (text: string) => text.replace(pagefindMarks, '');
    return {
      content: normalize(this.root.value),
      language: this.language || 'unknown',
      meta: Object.fromEntries([...this.defaultMeta, ...meta].map(([name, value]) => [name, unmarked(value)])),
      filters: Object.fromEntries([...this.filters].map(([name, values]) => [name, values.map(unmarked)])),
      sort: Object.fromEntries(this.sort),
    };
  }
}

/** What an element's own attributes ask: body, left out of the text, or left out with its metadata. */
function statusOf(attribs: Record<string, string>): Status {
  if (bodyAttribute in attribs) return 'body';
  const ignore = attribs['data-pagefind-ignore'];
  if (ignore === undefined) return 'indexing';
  return ['', 'index', 'true'].includes(ignore.toLowerCase()) ? 'ignored' : 'excluded';
}

/** A metadata, filter or sort attribute as a list of `name:value` or `name` (the element's text). */
function listOf(attribute: string | undefined, attribs: Record<string, string>): string[] | undefined {
  return attribute === undefined ? undefined : parseAttributeList(attribute, attribs);
}

/** Pagefind's reading of `title[content], type:post`; a literal after the first `:` belongs to the last name. */
function parseAttributeList(input: string, attribs: Record<string, string>): string[] {
  const colon = input.indexOf(':');
  if (colon !== -1) {
    const list = parseAttributeList(input.slice(0, colon), attribs);
    if (list.length > 0) list[list.length - 1] += `:${input.slice(colon + 1)}`;
    return list;
  }
  return input.split(',').map((chunk) => {
    const trimmed = chunk.trim();
    const reference = attributeReference.exec(trimmed);
    return reference
      ? `${reference.groups!.name}:${attribs[reference.groups!.attribute!.toLowerCase()] ?? ''}`
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
export function searchRecordOf(html: string, ignore: readonly IgnoreTest[] = []): SearchRecord | undefined {
  if (!html.includes(bodyAttribute)) return undefined;
  const reader = new RecordReader(ignore);
  // Text and attributes as written, decoded once the page is read, as Pagefind decodes them:
  // whether a block gets its full stop depends on its last character as written (`&quot;`).
  const parser = new Parser(
    {
      onopentag: (name, attribs) => reader.onopentag(name, attribs),
      ontext: (text) => reader.ontext(text),
      onclosetag: (name) => reader.onclosetag(name),
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return reader.record();
}
