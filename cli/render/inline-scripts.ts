// Inline scripts a page runs: the Content-Security-Policy allows each by its hash, so the build
// collects them from the HTML it renders instead of anyone keeping a list by hand.
import { createHash } from 'node:crypto';

/** Types a browser runs as script; data blocks (`application/json`, `application/ld+json`) are not run. */
const scriptTypes = new Set(['', 'module', 'text/javascript', 'application/javascript']);
const typePattern = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/**
 * The text of every inline script a browser would run in `html`, in document order. The pages
 * are the build's own (React writes `<script>` and `</script>` in lower case); one pass with
 * `indexOf`, so a page of any size costs its length.
 */
export function inlineScriptsOf(html: string): string[] {
  const scripts: string[] = [];
  for (let at = html.indexOf('<script'); at !== -1; at = html.indexOf('<script', at + 1)) {
    const tagEnd = html.indexOf('>', at);
    if (tagEnd === -1) break;
    const close = html.indexOf('</script>', tagEnd);
    if (close === -1) break;
    const attributes = html.slice(at + '<script'.length, tagEnd);
    if (attributes !== '' && !/^\s/.test(attributes)) continue; // `<scripts>`, not a script tag
    const match = typePattern.exec(attributes);
    const type = (match ? (match[1] ?? match[2] ?? match[3] ?? '') : '').trim().toLowerCase();
    if (!/\ssrc\s*=/i.test(attributes) && scriptTypes.has(type)) scripts.push(html.slice(tagEnd + 1, close));
    at = close;
  }
  return scripts;
}

/** A CSP source allowing exactly this script text: `'sha256-…'`. */
export function scriptHashSource(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}
