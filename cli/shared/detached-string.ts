/**
 * `text` as a string of its own. V8 makes a slice of a long string a view into the whole, so
 * one href or one line of text kept from a page would keep the page's HTML alive, and a build's
 * scans or search records would hold every finished page (docs/benchmarks.md). Concatenating and
 * slicing again copies the characters.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (text + ' ').slice(0, -1);
}
