// An SVG under content/images is published as a file of the site. Opened directly (a link, a new
// tab) it is a document at the site's origin, and runs its scripts unless a header forbids it;
// hosts that ignore `_headers` (GitHub Pages, S3, plain nginx) and `sitegen dev` send none. So
// every SVG goes through DOMPurify's SVG profile over a jsdom window, with rules of our own for
// what that profile lets through and the site's illustrations never need.
//
// jsdom is large and slow to load: it is imported on the first SVG that has to be sanitized, and
// its window is kept for the rest of the process (the dev server sanitizes each edited SVG).
// Nothing imports this module's dependencies at start-up.
import type { Config, DOMPurify, RemovedAttribute, RemovedElement, WindowLike } from 'dompurify';
import { packageVersion } from '../cache/engine-identity.ts';

/** Raise when the rules below change, so that the verdicts remembered by earlier builds are dropped. */
const policyVersion = 1;

/** What sanitizing one SVG found. */
export type SvgVerdict =
  /** Nothing to remove: the file is published byte for byte. */
  | { kind: 'clean' }
  /**
   * The sanitizer changed the document: `text` is what is published; `removed` says what went,
   * in document order (empty should DOMPurify ever rewrite a value without removing anything).
   */
  | { kind: 'sanitized'; text: string; removed: string[] }
  /** Not well-formed XML, or not an SVG document: there is nothing safe to publish. */
  | { kind: 'malformed'; reason: string; line?: number; column?: number };

export interface SvgSanitizer {
  sanitize(text: string): SvgVerdict;
}

/** What a verdict depends on besides the file: the rules here and the versions of the parser and sanitizer. */
export function svgSanitizerSalt(): string {
  return `svg-policy ${policyVersion} dompurify@${packageVersion('dompurify')} jsdom@${packageVersion('jsdom')}`;
}

let loading: Promise<SvgSanitizer> | undefined;

/** The process's sanitizer; the first call loads jsdom and DOMPurify and creates the window. */
export function svgSanitizer(): Promise<SvgSanitizer> {
  if (!loading) {
    loading = createSanitizer();
    // A load that failed is tried again for the next SVG rather than remembered.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

const svgNamespace = 'http://www.w3.org/2000/svg';
/** Where jsdom (like Firefox) puts the message of a document that is not well-formed. */
const parserErrorNamespace = 'http://www.mozilla.org/newlayout/xml/parsererror.xml';

/**
 * The SVG profile, plus:
 * - `use`, which the profile leaves out: the site's SVGs may reuse a shape by `href="#id"`
 *   (the attribute rules below keep it from pointing anywhere else);
 * - comments (exporters sign their files with one); DOMPurify still drops one holding markup;
 * - `role` (the site's SVGs say `role="img"` to assistive technology), and attributes editors
 *   write that only describe the drawing: `focusable`, `enable-background`, `baseProfile`, `xml:lang`;
 * - `script`, `foreignObject` (HTML inside SVG), `animate` and `set` forbidden by name, so a
 *   later profile that allowed them would not change what is published;
 * - ids kept whatever their name (DOMPurify drops ids such as `title` or `images`, which could
 *   shadow properties of an HTML document the markup is inserted into: these files are
 *   documents of their own, and a gradient's id is what its shapes refer to);
 * - a forbidden element goes with its content: browsers do not draw what is inside an element
 *   they do not know, so hoisting it out would change the picture.
 */
const config: Config & { IN_PLACE: true } = {
  IN_PLACE: true,
  USE_PROFILES: { svg: true, svgFilters: true },
  ADD_TAGS: ['use', '#comment'],
  ADD_ATTR: ['role', 'focusable', 'enable-background', 'baseProfile', 'xml:lang'],
  FORBID_TAGS: ['script', 'foreignObject', 'animate', 'set'],
  SANITIZE_DOM: false,
  KEEP_CONTENT: false,
};

/** Elements that animate an attribute of another: one that targets `href` turns a link into any URL. */
const animationElements = new Set(['animate', 'set', 'animatemotion', 'animatetransform', 'animatecolor']);

async function createSanitizer(): Promise<SvgSanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  // jsdom's window has everything DOMPurify reads; its typings describe jsdom's own classes, not the DOM lib's.
  const purify: DOMPurify = createDOMPurify(window as unknown as WindowLike);
  const parser = new window.DOMParser();
  const serializer = new window.XMLSerializer();
  /**
   * What the hooks removed during the current `sanitize` call, each with the number of removals
   * DOMPurify had listed by then (it lists only its own), so that both read in document order.
   */
  let hookRemovals: [position: number, what: string][] = [];

  purify.addHook('uponSanitizeElement', (node, event) => {
    if (node.nodeType !== window.Node.ELEMENT_NODE || !node.parentNode) return;
    const element = node as Element;
    const reason = elementProblem(element, event.tagName);
    if (!reason) return;
    // A node a hook detaches is dropped by DOMPurify, subtree and all.
    element.remove();
    hookRemovals.push([purify.removed.length, `<${element.nodeName}> (${reason})`]);
  });
  purify.addHook('uponSanitizeAttribute', (element, event) => {
    // DOMPurify hands hooks the value trimmed, and writes a trimmed value back; the value as
    // written is checked instead, so that a file whose only oddity is a space at the end of a
    // value (exporters write `points="0,0 4,4 "`) is published as it is.
    const written = [...element.attributes].find((attribute) => attribute.name.toLowerCase() === event.attrName)?.value;
    if (written !== undefined && written.trim() === event.attrValue) event.attrValue = written;
    if (event.keepAttr && attributeProblem(event.attrName, event.attrValue)) event.keepAttr = false;
  });

  return {
    sanitize(text: string): SvgVerdict {
      const document = parser.parseFromString(text, 'image/svg+xml');
      const root = document.documentElement;
      if (!root || root.namespaceURI === parserErrorNamespace) return malformed(root?.textContent ?? 'no root element');
      if (root.localName !== 'svg' || root.namespaceURI !== svgNamespace) {
        return { kind: 'malformed', reason: `the root element is <${root.nodeName}>${root.namespaceURI ? '' : ' without a namespace'}, not <svg xmlns="${svgNamespace}">`, line: 1 };
      }
      // A CDATA section is text to the browser (`<style><![CDATA[a > b {}]]></style>`), but a node
      // DOMPurify does not know: it becomes the text it holds before anything is compared.
      for (const section of cdataSections(document)) section.replaceWith(document.createTextNode(section.data));
      const removed = [...declarationProblems(text), ...removeFromProlog(document, text)];
      // Every change DOMPurify makes is a mutation of the document, whether or not it lists it.
      const changes = new window.MutationObserver(() => undefined);
      changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      hookRemovals = [];
      let changed: boolean;
      try {
        purify.sanitize(root, config);
        removed.push(...inDocumentOrder(hookRemovals, purify.removed.map(describeRemoval)));
      } finally {
        changed = changes.takeRecords().length > 0;
        changes.disconnect();
        hookRemovals = [];
        purify.removed = [];
      }
      // An untouched document had nothing to remove: the author's bytes, formatting and all, are
      // published, and browsers parse them into the document that was checked.
      if (!changed && removed.length === 0) return { kind: 'clean' };
      return { kind: 'sanitized', text: serializer.serializeToString(document), removed };
    },
  };
}

function inDocumentOrder(hooks: [position: number, what: string][], purified: string[]): string[] {
  const merged: string[] = [];
  let next = 0;
  for (const [position, what] of hooks) {
    merged.push(...purified.slice(next, position), what);
    next = Math.max(next, position);
  }
  return [...merged, ...purified.slice(next)];
}

/** Why an element (one the profile may allow) must go, or undefined. */
function elementProblem(element: Element, tagName: string): string | undefined {
  if (animationElements.has(tagName)) {
    const target = (element.getAttribute('attributeName') ?? '').trim();
    const local = target.slice(target.indexOf(':') + 1).toLowerCase();
    if (local === 'href') return `animates ${target}`;
    if (local.startsWith('on')) return `animates the event handler ${target}`;
  }
  if (tagName === 'style') return cssProblem(element.textContent ?? '');
  return undefined;
}

/**
 * Why an attribute must go, or undefined: event handlers; a link (`href`, `xlink:href`, in any
 * namespace prefix) to anything but an element of the same file; a CSS reference to another file
 * (a `style` attribute, or a presentation attribute such as `fill="url(…)"`); a `javascript:`,
 * `vbscript:` or `data:` URL anywhere, such as in an animation's `values`.
 */
function attributeProblem(name: string, value: string): string | undefined {
  const local = name.slice(name.indexOf(':') + 1).toLowerCase();
  if (local.startsWith('on')) return 'event handler';
  // Trimmed as a URL parser trims (not as String.trim, which also drops a no-break space).
  if (local === 'href' && !value.replace(/^[\u0000-\u0020]+/, '').startsWith('#')) return 'link out of the file';
  // Text for people and data for scripts (none run here) is neither CSS nor a URL.
  if (/^(aria|data)-/.test(local)) return undefined;
  return cssProblem(value) ?? schemeProblem(value);
}

/**
 * Why a piece of CSS (a `<style>` element, a `style` attribute, a presentation attribute) must go:
 * it loads another file. Comments are dropped and escapes decoded first, as a CSS parser would,
 * so `u\72l(` and `@im\70ort` are caught.
 */
function cssProblem(css: string): string | undefined {
  const text = decodeCss(css);
  if (/@import/i.test(text)) return '@import';
  const url = /url\(\s*(['"]?)\s*([^'")\s]*)/gi;
  for (const match of text.matchAll(url)) {
    if (!match[2]!.startsWith('#')) return `url(${shorten(match[2]!)})`;
  }
  if (/image-set\(|\bsrc\(/i.test(text)) return 'image-set() or src()';
  return undefined;
}

/** `javascript:`, `vbscript:` or `data:` as a URL scheme anywhere in the value (browsers drop tabs and newlines from URLs). */
function schemeProblem(value: string): string | undefined {
  const compact = value.replace(/[\s\u0000-\u001f]+/g, '');
  const scheme = /(?:^|[^a-z0-9+.-])(javascript|vbscript|data):/i.exec(compact);
  return scheme ? `${scheme[1]!.toLowerCase()}: URL` : undefined;
}

function decodeCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\r\n|[\n\r\f]|([\s\S]))/g, (_match, hex: string | undefined, char: string | undefined) => {
      if (hex) {
        const code = Number.parseInt(hex, 16);
        return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
      }
      return char ?? '';
    });
}

/**
 * What outside the root element must go: processing instructions (`<?xml-stylesheet?>` loads a
 * stylesheet) and a DOCTYPE with an internal subset, whose default attributes browsers apply and
 * jsdom's parser does not, and whose entities the two need not expand alike: the document checked
 * would not be the one a browser builds from the file. (Publishing the sanitized serialisation,
 * without the DOCTYPE, makes them one again.)
 */
function removeFromProlog(document: Document, text: string): string[] {
  const removed: string[] = [];
  for (const node of [...document.childNodes]) {
    if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE) {
      removed.push(`<?${(node as ProcessingInstruction).target}?>`);
      node.remove();
    } else if (node.nodeType === node.DOCUMENT_TYPE_NODE && hasInternalSubset(text)) {
      removed.push('<!DOCTYPE> with an internal subset');
      node.remove();
    }
  }
  return removed;
}

function cdataSections(document: Document): CDATASection[] {
  const sections: CDATASection[] = [];
  const walker = document.createTreeWalker(document, 0x8 /* NodeFilter.SHOW_CDATA_SECTION */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) sections.push(node as CDATASection);
  return sections;
}

function hasInternalSubset(text: string): boolean {
  return /<!DOCTYPE[^>[]*\[/i.test(text) || /<!(ENTITY|ATTLIST|ELEMENT|NOTATION)\b/.test(text);
}

/**
 * The XML declaration is not a node of the document: an encoding other than UTF-8 is noted here,
 * since the file is read, checked and published as UTF-8 (a browser would decode it otherwise).
 */
function declarationProblems(text: string): string[] {
  const encoding = /^\ufeff?<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  return encoding && !/^(utf-?8|us-ascii)$/i.test(encoding) ? [`encoding="${encoding}" (the file is published as UTF-8)`] : [];
}

function describeRemoval(entry: RemovedElement | RemovedAttribute): string {
  if ('element' in entry) {
    const node = entry.element;
    if (node.nodeType === node.ELEMENT_NODE) return `<${node.nodeName}>`;
    if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE) return `<?${(node as ProcessingInstruction).target}?>`;
    return node.nodeType === node.COMMENT_NODE ? 'a comment holding markup' : node.nodeName;
  }
  const where = entry.from ? ` on <${entry.from.nodeName}>` : '';
  return entry.attribute ? `${entry.attribute.name}="${shorten(entry.attribute.value)}"${where}` : `an attribute${where}`;
}

/** A value as a warning quotes it: one line, at most 60 characters. */
function shorten(value: string): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}...` : line;
}

/** Where counting stopped: the element past a limit, as an offset into the text. */
export interface MarkupShape {
  elements: number;
  depth: number;
  /** The offset of the first start tag past `maxElements` or `maxDepth`, if any. */
  over?: { limit: 'elements' | 'depth'; offset: number };
}

/**
 * Counts the elements of XML markup and how deep they nest, in one pass over the text and
 * without building anything, so that a file too large for the sanitizer is refused before jsdom
 * sees it. Comments, CDATA sections, processing instructions and the DOCTYPE are skipped, and a
 * `>` inside a quoted attribute value does not end its tag. Markup that is not well-formed is
 * counted as far as it goes (the parser then refuses it).
 */
export function markupShape(text: string, maxElements: number, maxDepth: number): MarkupShape {
  let elements = 0;
  let depth = 0;
  let deepest = 0;
  let at = text.indexOf('<');
  while (at !== -1) {
    if (text.startsWith('<!--', at)) at = after(text, '-->', at + 4);
    else if (text.startsWith('<![CDATA[', at)) at = after(text, ']]>', at + 9);
    else if (text.startsWith('<?', at)) at = after(text, '?>', at + 2);
    else if (text.startsWith('<!', at)) {
      const close = text.indexOf('>', at);
      const subset = text.indexOf('[', at);
      at = subset !== -1 && (close === -1 || subset < close) ? after(text, '>', after(text, ']', subset)) : after(text, '>', at);
    } else if (text.startsWith('</', at)) {
      depth -= 1;
      at = after(text, '>', at);
    } else {
      elements += 1;
      const end = tagEnd(text, at + 1);
      const opens = end !== -1 && text[end - 1] !== '/';
      if (opens) deepest = Math.max(deepest, (depth += 1));
      if (elements > maxElements) return { elements, depth: deepest, over: { limit: 'elements', offset: at } };
      if (deepest > maxDepth) return { elements, depth: deepest, over: { limit: 'depth', offset: at } };
      at = end === -1 ? -1 : end + 1;
    }
    at = at === -1 ? -1 : text.indexOf('<', at);
  }
  return { elements, depth: deepest };
}

/** The offset just past the next `token` from `from`, or -1 when there is none. */
function after(text: string, token: string, from: number): number {
  if (from === -1) return -1;
  const found = text.indexOf(token, from);
  return found === -1 ? -1 : found + token.length;
}

/** The offset of the `>` that ends the tag whose name starts at `from`, skipping quoted values; -1 if none. */
function tagEnd(text: string, from: number): number {
  for (let at = from; at < text.length; at += 1) {
    const char = text[at];
    if (char === '>') return at;
    if (char === '"' || char === "'") {
      at = text.indexOf(char, at + 1);
      if (at === -1) return -1;
    }
  }
  return -1;
}

/** jsdom's parse error reads `3:14: unexpected close tag.`: line and column first. */
function malformed(message: string): SvgVerdict {
  const position = /^(\d+):(\d+):\s*/.exec(message.trim());
  const reason = `not well-formed XML: ${message.trim().slice(position?.[0].length ?? 0).replace(/\.$/, '')}`;
  return position ? { kind: 'malformed', reason, line: Number(position[1]), column: Number(position[2]) } : { kind: 'malformed', reason };
}
