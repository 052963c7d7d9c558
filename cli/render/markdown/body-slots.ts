// The places in a rendered body where the page puts markup of its own: each image of the site
// (the page's <picture>, in its own context) and each embed the site accepts (its player). In the
// body's tree a place is a node no author can write, a comment carrying data that neither the
// Markdown parser nor the HTML parser gives any node; when the tree is turned into HTML, each
// such node becomes an offset into the HTML, never text. A page fills the offsets, so nothing an
// author writes (a link title, an attribute value holding `<!--…-->`) is ever taken for one.
import type { Comment, Element, Root, RootContent } from 'hast';
import type { RenderedMarkdown } from './render-markdown.ts';

/** What fills a slot: image `index` of the body's `images`, or embed `index` of its `embeds`. */
export interface SlotTarget {
  kind: 'image' | 'embed';
  index: number;
}

/** A slot of a body's HTML: at offset `at`, with nothing of its own in the HTML. */
export interface BodySlot extends SlotTarget {
  at: number;
}

/** The tree node standing for a slot until the tree is turned into HTML. */
export type SlotNode = Comment & { data: { sitegenBodySlot: SlotTarget } };

/** The node standing for image or embed `index` of a body. */
export function bodySlot(kind: SlotTarget['kind'], index: number): SlotNode {
  return { type: 'comment', value: '', data: { sitegenBodySlot: { kind, index } } } as SlotNode;
}

/** What a node stands for, when it is a slot. */
export function slotOf(node: RootContent | Root): SlotTarget | undefined {
  if (node.type !== 'comment') return undefined;
  return (node.data as { sitegenBodySlot?: SlotTarget } | undefined)?.sitegenBodySlot;
}

/**
 * The tree as HTML with its slots as offsets. `stringify` is the pipeline's serializer; the
 * parts of the tree without a slot are serialized whole, an element holding one as its start
 * tag, its children and its end tag, so the HTML is byte for byte what the serializer writes
 * for the tree without the slot nodes.
 */
export function stringifyWithSlots(tree: Root, stringify: (root: Root) => string): { html: string; slots: BodySlot[] } {
  const holders = new Set<Root | Element>();
  const findHolders = (node: Root | Element): boolean => {
    let holds = false;
    for (const child of node.children) {
      if (slotOf(child) || (child.type === 'element' && findHolders(child))) holds = true;
    }
    if (holds) holders.add(node);
    return holds;
  };
  if (!findHolders(tree)) return { html: stringify(tree), slots: [] };
  const slots: BodySlot[] = [];
  let html = '';
  const write = (node: Root | Element) => {
    for (const child of node.children) {
      const slot = slotOf(child);
      if (slot) {
        slots.push({ ...slot, at: html.length });
      } else if (child.type === 'element' && holders.has(child)) {
        const end = `</${child.tagName}>`;
        const shell = stringify({ type: 'root', children: [{ ...child, children: [] }] });
        html += shell.slice(0, shell.length - end.length);
        write(child);
        html += end;
      } else {
        html += stringify({ type: 'root', children: [child] });
      }
    }
  };
  write(tree);
  return { html, slots };
}

/** The body's HTML with each slot filled by `fill` (empty for one left unfilled). */
export function fillSlots(body: Pick<RenderedMarkdown, 'html' | 'slots'>, fill: (slot: SlotTarget) => string): string {
  if (!body.slots?.length) return body.html;
  let html = '';
  let from = 0;
  for (const slot of body.slots) {
    html += body.html.slice(from, slot.at) + fill(slot);
    from = slot.at;
  }
  return html + body.html.slice(from);
}

/**
 * The body with `change` applied to each run of its HTML between slots, the slots kept in their
 * places: how a later step edits a body's HTML (a relative link resolved, a placeholder filled)
 * without moving a slot into the middle of something else.
 */
export function changeBodyHtml<Body extends Pick<RenderedMarkdown, 'html' | 'slots'>>(
  body: Body,
  change: (html: string) => string,
): Body {
  if (!body.slots?.length) return { ...body, html: change(body.html) };
  let html = '';
  let from = 0;
  const slots = body.slots.map((slot) => {
    html += change(body.html.slice(from, slot.at));
    from = slot.at;
    return { ...slot, at: html.length };
  });
  html += change(body.html.slice(from));
  return { ...body, html, slots };
}
