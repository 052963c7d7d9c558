/** A URL inside an attribute value, with its index in that value. */
export interface ValueUrl {
  url: string;
  index: number;
}

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';

/**
 * Splits a `srcset` value into its URLs, following the HTML spec's candidate parsing:
 * a URL runs to the next whitespace, so commas inside URLs survive; a trailing comma ends it.
 */
export function parseSrcset(value: string): ValueUrl[] {
  const urls: ValueUrl[] = [];
  let pos = 0;
  while (pos < value.length) {
    while (pos < value.length && (isSpace(value[pos]) || value[pos] === ',')) pos++;
    if (pos >= value.length) break;
    const start = pos;
    while (pos < value.length && !isSpace(value[pos])) pos++;
    let url = value.slice(start, pos);
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      // Descriptors ("2x", "300w") run to the next comma outside parentheses.
      let depth = 0;
      while (pos < value.length) {
        const c = value[pos];
        if (c === '(') depth++;
        else if (c === ')') depth = Math.max(0, depth - 1);
        else if (c === ',' && depth === 0) break;
        pos++;
      }
    }
    if (url) urls.push({ url, index: start });
  }
  return urls;
}

const refreshPattern = /^\s*\d*(?:\.\d*)?\s*(?:[;,]\s*)?(?:url\s*=\s*)?/i;

/** Extracts the target of a `<meta http-equiv="refresh" content="0; url=/x">`, if it has one. */
export function parseRefresh(content: string): ValueUrl | undefined {
  const prefix = refreshPattern.exec(content);
  if (!prefix) return undefined;
  let index = prefix[0].length;
  let rest = content.slice(index).trimEnd();
  if (!rest) return undefined;
  const quote = rest[0];
  if (quote === '"' || quote === "'") {
    const end = rest.indexOf(quote, 1);
    rest = rest.slice(1, end === -1 ? undefined : end);
    index++;
  }
  return rest ? { url: rest, index } : undefined;
}
