// Sizes up an SVG's markup from its text alone, so that a file too large to sanitize is refused before jsdom parses it.

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
      at =
        subset !== -1 && (close === -1 || subset < close)
          ? after(text, '>', after(text, ']', subset))
          : after(text, '>', at);
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
