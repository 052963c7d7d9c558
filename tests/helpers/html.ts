import { parseDocument } from 'htmlparser2';
import { findAll, getAttributeValue, textContent } from 'domutils';
import type { Element } from 'domhandler';
import { fillSlots } from '../../cli/render/markdown/body-slots.ts';
import type { RenderedMarkdown } from '../../cli/render/markdown/render-markdown.ts';

/** A parsed page with a few queries tests need. */
export interface Page {
  all(predicate: (element: Element) => boolean): Element[];
  text(element: Element): string;
  attr(element: Element, name: string): string | undefined;
  /** Text of every element with this tag name. */
  texts(tagName: string): string[];
  meta(nameOrProperty: string): string | undefined;
}

/** Parses HTML for assertions on real output. */
export function parsePage(html: string): Page {
  const document = parseDocument(html);
  const all = (predicate: (element: Element) => boolean) => findAll(predicate, document.children);
  const text = (element: Element) => textContent(element).replace(/\s+/g, ' ').trim();
  return {
    all,
    text,
    attr: (element, name) => getAttributeValue(element, name),
    texts: (tagName) => all((e) => e.name === tagName).map(text),
    meta: (key) => {
      const element = all((e) => e.name === 'meta' && (e.attribs.name === key || e.attribs.property === key))[0];
      return element?.attribs.content;
    },
  };
}

/** A placeholder a legal or content text must not keep: a bracketed blank or unfilled braces. */
export const placeholderPattern = /\[(website URL|email address|postal address)[^\]]*\]|\{\{|\}\}/;

/** A rendered body's HTML with each slot shown as `<!--sitegen-image:N-->` or `<!--sitegen-embed:N-->`, for assertions on where the slots are. */
export function htmlWithSlots(body: Pick<RenderedMarkdown, 'html' | 'slots'>): string {
  return fillSlots(body, (slot) => `<!--sitegen-${slot.kind}:${slot.index}-->`);
}
