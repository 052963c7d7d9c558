import { parseDocument } from 'htmlparser2';
import { findAll, getChildren, textContent } from 'domutils';
import { isTag, type Element } from 'domhandler';

/** A parsed XML document with the few queries the sitemap and feed tests need. */
export interface XmlDocument {
  /** The top-level element (`urlset`, `rss`). */
  root: Element;
  /** Every element with this name, in document order. */
  all(name: string, within?: Element): Element[];
  /** Text of the first child element with this name, or undefined when there is none. */
  childText(parent: Element, name: string): string | undefined;
  /** Names of the element children of an element, in order. */
  childNames(parent: Element): string[];
}

/**
 * Parses XML strictly enough for tests: in XML mode, with entities decoded, and fails when the
 * text is not one well-formed root element (an unclosed or stray tag leaves a second root or
 * text behind).
 */
export function parseXml(xml: string): XmlDocument {
  const document = parseDocument(xml, { xmlMode: true, decodeEntities: true });
  const roots = document.children.filter(isTag);
  if (roots.length !== 1) throw new Error(`expected one root element, found ${roots.length}`);
  const stray = document.children.filter((node) => node.type === 'text' && textContent(node).trim() !== '');
  if (stray.length > 0) throw new Error(`text outside the root element: ${JSON.stringify(textContent(stray[0]!))}`);
  const childElements = (parent: Element) => getChildren(parent).filter(isTag);
  return {
    root: roots[0]!,
    all: (name, within) => findAll((e) => e.name === name, within ? within.children : document.children),
    childText: (parent, name) => {
      const child = childElements(parent).find((e) => e.name === name);
      return child === undefined ? undefined : textContent(child);
    },
    childNames: (parent) => childElements(parent).map((e) => e.name),
  };
}
