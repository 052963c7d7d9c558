// An SVG under content/images is published as a file of the site. Opened directly (a link, a new
// tab) it is a document at the site's origin, and runs its scripts unless a header forbids it;
// hosts that ignore `_headers` (GitHub Pages, S3, plain nginx) and `sitegen dev` send none. So
// every SVG goes through DOMPurify's SVG profile over a jsdom window, with rules of our own for
// what that profile lets through and the site's illustrations never need.
//
// jsdom is large and slow to load: it is imported on the first SVG that has to be sanitized, and
// its window is kept for the rest of the process (the dev server sanitizes each edited SVG).
// Nothing imports this module's dependencies at start-up.
import type { DOMPurify, RemovedAttribute, RemovedElement, WindowLike } from 'dompurify';
import { packageVersion } from '../cache/engine-identity.ts';
import {
  attributeProblem,
  config,
  declarationProblems,
  elementProblem,
  policyVersion,
  removeFromProlog,
  shorten,
} from './svg-policy.ts';

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

/**
 * What a verdict depends on besides the file: the rules (svg-policy.ts) and the versions of the
 * parser and sanitizer.
 */
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

async function createSanitizer(): Promise<SvgSanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  // jsdom's window has everything DOMPurify reads; its typings describe jsdom's own classes, not the DOM lib's.
  const purify: DOMPurify = createDOMPurify(window as unknown as WindowLike);
  const parser = new window.DOMParser();
  const serializer = new window.XMLSerializer();
  const hooks = addRemovalHooks(purify, window);

  return {
    sanitize(text: string): SvgVerdict {
      const document = parser.parseFromString(text, 'image/svg+xml');
      const root = document.documentElement;
      const problem = rootProblem(root);
      if (problem) return problem;
      // A CDATA section is text to the browser (`<style><![CDATA[a > b {}]]></style>`), but a node
      // DOMPurify does not know: it becomes the text it holds before anything is compared.
      for (const section of cdataSections(document)) section.replaceWith(document.createTextNode(section.data));
      const removed = [...declarationProblems(text), ...removeFromProlog(document, text)];
      // Every change DOMPurify makes is a mutation of the document, whether or not it lists it.
      const changes = new window.MutationObserver(() => undefined);
      changes.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      hooks.removals = [];
      let changed: boolean;
      try {
        purify.sanitize(root, config);
        removed.push(...inDocumentOrder(hooks.removals, purify.removed.map(describeRemoval)));
      } catch (error) {
        // Whatever else the sanitizer cannot take is nothing safe to publish: an error at the file,
        // in the build's words.
        return {
          kind: 'malformed',
          reason: `the sanitizer cannot read this SVG (${error instanceof Error ? error.message : String(error)})`,
          line: 1,
        };
      } finally {
        changed = changes.takeRecords().length > 0;
        changes.disconnect();
        hooks.removals = [];
        purify.removed = [];
      }
      // An untouched document had nothing to remove: the author's bytes, formatting and all, are
      // published, and browsers parse them into the document that was checked.
      if (!changed && removed.length === 0) return { kind: 'clean' };
      return { kind: 'sanitized', text: serializer.serializeToString(document), removed };
    },
  };
}

/**
 * Adds the hooks that remove what DOMPurify's lists keep but the site does not publish. Returns
 * what they removed during the current `sanitize` call, each with the number of removals
 * DOMPurify had listed by then (it lists only its own), so that both read in document order.
 */
function addRemovalHooks(
  purify: DOMPurify,
  window: WindowLike & { Node: typeof Node },
): { removals: [position: number, what: string][] } {
  const hooks = { removals: [] as [position: number, what: string][] };
  purify.addHook('uponSanitizeElement', (node, event) => {
    if (node.nodeType !== window.Node.ELEMENT_NODE || !node.parentNode) return;
    const element = node as Element;
    const reason = elementProblem(element, event.tagName);
    if (!reason) return;
    // A node a hook detaches is dropped by DOMPurify, subtree and all.
    element.remove();
    hooks.removals.push([purify.removed.length, `<${element.nodeName}> (${reason})`]);
  });
  purify.addHook('uponSanitizeAttribute', (element, event) => {
    // DOMPurify hands hooks the value trimmed, and writes a trimmed value back; the value as
    // written is checked instead, so that a file whose only oddity is a space at the end of a
    // value (exporters write `points="0,0 4,4 "`) is published as it is.
    const written = [...element.attributes].find((attribute) => attribute.name.toLowerCase() === event.attrName)?.value;
    if (written !== undefined && written.trim() === event.attrValue) event.attrValue = written;
    if (event.keepAttr && attributeProblem(event.attrName, event.attrValue)) event.keepAttr = false;
  });
  return hooks;
}

/** Why a document's root is no SVG the build publishes: not well-formed, not `<svg>`, or written with a prefix. */
function rootProblem(root: Element | null): SvgVerdict | undefined {
  if (!root || root.namespaceURI === parserErrorNamespace) return malformed(root?.textContent ?? 'no root element');
  if (root.localName !== 'svg' || root.namespaceURI !== svgNamespace) {
    return {
      kind: 'malformed',
      reason: `the root element is <${root.nodeName}>${root.namespaceURI ? '' : ' without a namespace'}, not <svg xmlns="${svgNamespace}">`,
      line: 1,
    };
  }
  // DOMPurify knows elements by their written name: it would remove every `<svg:…>` element,
  // and refuses to sanitize a root it cannot keep. Exporters write SVG without a prefix.
  if (root.prefix !== null) {
    return {
      kind: 'malformed',
      reason: `the root element is written with a prefix, <${root.nodeName}>: write the SVG as <svg xmlns="${svgNamespace}">, its elements without a prefix`,
      line: 1,
    };
  }
  return undefined;
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

function cdataSections(document: Document): CDATASection[] {
  const sections: CDATASection[] = [];
  const walker = document.createTreeWalker(document, 0x8 /* NodeFilter.SHOW_CDATA_SECTION */);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) sections.push(node as CDATASection);
  return sections;
}

function describeRemoval(entry: RemovedElement | RemovedAttribute): string {
  if ('element' in entry) {
    const node = entry.element;
    if (node.nodeType === node.ELEMENT_NODE) return `<${node.nodeName}>`;
    if (node.nodeType === node.PROCESSING_INSTRUCTION_NODE) return `<?${(node as ProcessingInstruction).target}?>`;
    return node.nodeType === node.COMMENT_NODE ? 'a comment holding markup' : node.nodeName;
  }
  const where = entry.from ? ` on <${entry.from.nodeName}>` : '';
  return entry.attribute
    ? `${entry.attribute.name}="${shorten(entry.attribute.value)}"${where}`
    : `an attribute${where}`;
}

/** jsdom's parse error reads `3:14: unexpected close tag.`: line and column first. */
function malformed(message: string): SvgVerdict {
  const position = /^(\d+):(\d+):\s*/.exec(message.trim());
  const reason = `not well-formed XML: ${message
    .trim()
    .slice(position?.[0].length ?? 0)
    .replace(/\.$/, '')}`;
  return position
    ? { kind: 'malformed', reason, line: Number(position[1]), column: Number(position[2]) }
    : { kind: 'malformed', reason };
}
