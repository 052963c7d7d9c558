// One body's pass over the HTML written in it: Markdown's elements kept as they were, the author's sanitized, and what
// went reported.
import { randomBytes } from 'node:crypto';
import type { Comment, Element, ElementContent, Properties, Root, RootContent } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { find, html } from 'property-information';
import { clobberedAttributes, rawHtmlSchema, userContentPrefix } from './html-schema.ts';
import { bodySlot, slotOf, type SlotNode } from './body-slots.ts';
import { describeIframe, type MarkdownEmbed } from './markdown-embeds.ts';
import type { MarkdownProblem, MarkdownWarning } from './render-markdown.ts';
import { allowedSchemeNames, isSafeUrl } from './safe-urls.ts';

/**
 * Attributes a browser follows or loads as a URL: a scheme outside the allowed ones in any of them fails the build,
 * whatever the element.
 */
const urlProperties = [
  'href',
  'src',
  'action',
  'formAction',
  'cite',
  'longDesc',
  'poster',
  'background',
  'data',
  'codeBase',
  'xLinkHref',
  'ping',
  'manifest',
];

interface Point {
  line: number;
  column: number;
}

/** The attribute a property is written as: `onClick` → `onclick`, `className` → `class`. */
function attributeName(property: string): string {
  return find(html, property).attribute;
}

/** One body's pass: the Markdown elements it marked, and what it found. */
export class RawHtmlRun {
  readonly nonce = randomBytes(12).toString('base64url');
  /** What each Markdown element had before parsing, by the index its mark carries. */
  private readonly markdownElements: { properties: Properties; data: Element['data'] }[] = [];
  readonly problems: MarkdownProblem[] = [];
  readonly warnings: MarkdownWarning[] = [];
  readonly embeds: (MarkdownEmbed | null)[] = [];
  private readonly restored = new Set<number>();

  /** Gives every (Markdown) element of the tree the attribute that says so, keeping what each had. */
  mark(tree: Root): void {
    const walk = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        this.markdownElements.push({ properties: child.properties, data: child.data });
        child.properties = {
          ...child.properties,
          dataSitegenMarkdown: `${this.nonce}:${this.markdownElements.length - 1}`,
        };
        walk(child);
      }
    };
    walk(tree);
  }

  /**
   * The index of a Markdown element, or undefined for an element the author wrote as HTML (or the parser made for it).
   */
  private markdownIndex(element: Element): number | undefined {
    const mark = element.properties.dataSitegenMarkdown;
    if (typeof mark !== 'string' || !mark.startsWith(`${this.nonce}:`)) return undefined;
    return Number(mark.slice(this.nonce.length + 1));
  }

  /**
   * A Markdown element as it was (the parser may copy one, as it copies open formatting elements: each copy gets its
   * own properties).
   */
  private restore(element: Element, index: number): void {
    const original = this.markdownElements[index]!;
    const first = !this.restored.has(index);
    this.restored.add(index);
    element.properties = first ? original.properties : structuredClone(original.properties);
    if (original.data !== undefined) element.data = first ? original.data : structuredClone(original.data);
    else delete element.data;
    this.cleanChildren(element);
  }

  /** Keeps Markdown elements and sanitizes each element written as HTML, in a node's children. */
  cleanChildren(parent: Root | Element): void {
    const children: RootContent[] = [];
    const emptied: number[] = [];
    for (const child of parent.children) {
      if (child.type === 'element') {
        const index = this.markdownIndex(child);
        if (index === undefined) {
          const clean = this.sanitizeWritten(child, parent);
          if (clean.length === 0) emptied.push(children.length);
          children.push(...clean);
        } else {
          this.restore(child, index);
          children.push(child);
        }
      } else if ((child.type === 'comment' && !slotOf(child)) || child.type === 'doctype') {
        emptied.push(children.length);
      } else {
        children.push(child);
      }
    }
    // Markdown puts a line break between blocks: one that left nothing takes one of its line breaks
    // along, so a body whose only HTML is a comment renders as if the comment had never been written.
    for (const at of emptied.reverse()) {
      if (isLineBreak(children[at])) children.splice(at, 1);
      else if (at > 0 && isLineBreak(children[at - 1])) children.splice(at - 1, 1);
    }
    parent.children = children as typeof parent.children;
  }

  /**
   * An element written as HTML, with all it holds, through the sanitizer. Markdown elements inside
   * it stand aside as empty text nodes the sanitizer keeps (with their data), and are put back
   * afterwards, cleaned the same way; so are embed markers. Each element then is either kept
   * (its attributes compared) or reported removed.
   */
  private sanitizeWritten(element: Element, parent: Root | Element): ElementContent[] {
    const fallback = pointOf(parent) ?? { line: 1, column: 1 };
    if (element.tagName === 'iframe') return this.embed(element, fallback);
    const slots: (Element | Comment)[] = [];
    this.setAside(element, fallback, [], slots);
    const clean = sanitize({ type: 'root', children: [element] }, rawHtmlSchema) as Root;
    const kept = this.refillSlots(clean, slots);
    this.reportWritten(element, fallback, kept, false);
    return clean.children as ElementContent[];
  }

  /**
   * Numbers each element written as HTML (in `written`), refusing its unsafe URLs, and sets aside
   * in `slots` the Markdown elements and embeds it holds, each in the place of an empty text node.
   */
  private setAside(node: Element, at: Point, written: Element[], slots: (Element | Comment)[]): void {
    const here = pointOf(node) ?? at;
    this.refuseUnsafeUrls(node, here);
    withoutUserContentPrefix(node);
    node.data = { ...node.data, sitegenWritten: written.push(node) - 1 } as Element['data'];
    const slot = (aside: Element | Comment): ElementContent => ({
      type: 'text',
      value: '',
      data: { sitegenSlot: slots.push(aside) - 1 } as Element['data'],
    });
    node.children = node.children.flatMap((child): ElementContent[] => {
      if (child.type !== 'element') return [child];
      if (this.markdownIndex(child) !== undefined) return [slot(child)];
      if (child.tagName === 'iframe') return this.embed(child, here).map(slot);
      this.setAside(child, here, written, slots);
      return [child];
    });
  }

  /**
   * Puts back what was set aside, where the sanitizer kept its place, and answers the elements the
   * sanitizer kept, by their number.
   */
  private refillSlots(clean: Root, slots: (Element | Comment)[]): Map<number, Element> {
    const kept = new Map<number, Element>();
    const refilled = new Set<number>();
    const refill = (node: Root | Element) => {
      node.children = node.children.map((child) => {
        const data = child.data as { sitegenSlot?: number; sitegenWritten?: number } | undefined;
        if (child.type === 'text' && data?.sitegenSlot !== undefined) {
          const filled = slots[data.sitegenSlot]!;
          refilled.add(data.sitegenSlot);
          if (filled.type === 'element') this.restore(filled, this.markdownIndex(filled)!);
          return filled;
        }
        if (child.type === 'element') {
          if (data?.sitegenWritten !== undefined) {
            kept.set(data.sitegenWritten, child);
            delete data.sitegenWritten;
            if (Object.keys(data).length === 0) delete child.data;
          }
          refill(child);
        }
        return child;
      }) as typeof node.children;
    };
    refill(clean);
    // An iframe inside an element removed with its content (an <svg>, a <form>) is no embed.
    for (const [index, node] of slots.entries()) {
      if (node.type === 'comment' && !refilled.has(index)) this.embeds[embedIndex(node)] = null;
    }
    return kept;
  }

  /** Each element written as HTML: kept (its attributes compared with what was kept) or reported removed. */
  private reportWritten(node: Element, at: Point, kept: Map<number, Element>, inRemoved: boolean): void {
    const here = pointOf(node) ?? at;
    const index = (node.data as { sitegenWritten: number }).sitegenWritten;
    const cleaned = kept.get(index);
    const stripped = !cleaned && (rawHtmlSchema.strip ?? []).includes(node.tagName);
    if (cleaned) this.reportAttributes(node, cleaned, here);
    else if (!inRemoved)
      this.warn(`<${node.tagName}> removed${stripped || node.children.length === 0 ? '' : ', its content kept'}`, here);
    for (const child of node.children) {
      if (
        child.type === 'element' &&
        (child.data as { sitegenWritten?: number } | undefined)?.sitegenWritten !== undefined
      )
        this.reportWritten(child, here, kept, inRemoved || stripped);
    }
  }

  /** An iframe: an embed's slot when its src is an https URL (the site then decides), else removed with a warning. */
  private embed(element: Element, at: Point): SlotNode[] {
    const here = pointOf(element) ?? at;
    this.refuseUnsafeUrls(element, here);
    const { src, title, srcDoc } = element.properties;
    if (srcDoc !== undefined) this.warn('srcdoc on <iframe> removed', here);
    const source = typeof src === 'string' ? src.trim() : undefined;
    if (!source || !/^(?:https:)?\/\//i.test(source)) {
      this.warn(`${describeIframe(source)} removed: an embed needs an https src`, here);
      return [];
    }
    this.embeds.push({
      src: source,
      ...(typeof title === 'string' && title.trim() ? { title: title.trim() } : {}),
      ...here,
    });
    return [bodySlot('embed', this.embeds.length - 1)];
  }

  /**
   * Drops, as an error at the element, every URL attribute whose scheme is not allowed (`javascript:`, `data:`…), as
   * `collect` does for Markdown's links.
   */
  private refuseUnsafeUrls(element: Element, at: Point): void {
    for (const property of urlProperties) {
      const value = element.properties[property];
      if (typeof value !== 'string' || isSafeUrl(value)) continue;
      delete element.properties[property];
      const message = `URL ${JSON.stringify(value.slice(0, 80))} in ${attributeName(property)} on <${element.tagName}> uses a scheme that is not allowed (only ${allowedSchemeNames}, relative URLs and #fragments)`;
      this.problems.push({ code: 'markdown.unsafe-url', message, ...at });
    }
  }

  /**
   * Warns about each attribute (or value of a list attribute) the sanitizer left out of a kept
   * element. A click handler on an element the keyboard cannot reach, and a `tabindex` above 0,
   * are accessibility problems as the author wrote them: reported once, as such.
   */
  private reportAttributes(original: Element, cleaned: Element, at: Point): void {
    for (const [property, value] of Object.entries(original.properties)) {
      if (value === undefined || value === null) continue;
      const name = attributeName(property);
      const left = cleaned.properties[property];
      if (left === undefined || left === null) {
        if (clickHandlers.has(property) && !interactiveElements.has(original.tagName)) {
          this.warnings.push({
            code: 'accessibility.click-handler',
            message: `${name} on <${original.tagName}> removed: a keyboard cannot reach a <${original.tagName}> to click it`,
            hint: 'To lead somewhere, write a link ([text](/path)); a body runs no script, so the handler is removed either way.',
            ...at,
          });
        } else if (property === 'tabIndex') {
          this.warnings.push({
            code: 'markdown.html-removed',
            message: `${name} on <${original.tagName}> removed`,
            hint: 'A tabindex above 0 moves the element ahead of the page\'s own links in the keyboard\'s order; leave it out, or write tabindex="0" to make it focusable where it stands.',
            ...at,
          });
        } else {
          this.warn(`${name} on <${original.tagName}> removed`, at);
        }
      } else if (Array.isArray(value) && Array.isArray(left) && left.length < value.length) {
        const removed = value.filter((item) => !left.includes(item));
        this.warn(`${name} ${JSON.stringify(removed.join(' '))} on <${original.tagName}> removed`, at);
      }
    }
  }

  private warn(message: string, at: Point): void {
    this.warnings.push({ code: 'markdown.html-removed', message, ...at });
  }
}

/** Event handlers a mouse fires and a keyboard does not, on an element that is not a control. */
const clickHandlers: ReadonlySet<string> = new Set(['onClick', 'onDblClick', 'onMouseDown', 'onMouseUp']);

/** Elements the keyboard reaches and activates by themselves. */
const interactiveElements: ReadonlySet<string> = new Set([
  'a',
  'button',
  'input',
  'select',
  'textarea',
  'summary',
  'option',
]);

/**
 * An id (or name) the author already wrote in the content's namespace (`user-content-fn-1`, as
 * Markdown's footnotes are) loses the prefix here, since the sanitizer adds it to every one: it
 * is published under the name it was written with, not `user-content-user-content-…`.
 */
function withoutUserContentPrefix(element: Element): void {
  const bare = (value: unknown) =>
    typeof value === 'string' && value.startsWith(userContentPrefix) ? value.slice(userContentPrefix.length) : value;
  for (const property of clobberedAttributes) {
    const value = element.properties[property];
    if (value === undefined || value === null) continue;
    element.properties[property] = (Array.isArray(value) ? value.map(bare) : bare(value)) as typeof value;
  }
}

function isLineBreak(node: RootContent | undefined): boolean {
  return node?.type === 'text' && node.value === '\n';
}

function pointOf(node: Root | Element): Point | undefined {
  const start = node.position?.start;
  return start ? { line: start.line, column: start.column } : undefined;
}

function embedIndex(marker: Comment): number {
  return slotOf(marker)!.index;
}
