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
      // Trimmed by hand: `/,+$/` backtracks on a long run of commas inside the URL.
      let end = url.length;
      while (end > 0 && url.charCodeAt(end - 1) === 44 /* , */) end--;
      url = url.slice(0, end);
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
