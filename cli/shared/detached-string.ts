/**
 * `text` as a string of its own. V8 makes a slice of a long string a view into the whole, so
 * one href or one line of text kept from a page would keep the page's HTML alive: a 1,000-post
 * build held 80 MB of finished pages through their scans. Concatenating and slicing again copies
 * the characters.
 */
export function detached(text: string): string {
  return text.length < 13 ? text : (text + ' ').slice(0, -1);
}
