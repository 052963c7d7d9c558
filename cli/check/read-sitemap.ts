import { locateRefs, type ScannedRef } from '../shared/scanned-refs.ts';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const open = '<loc>';
const close = '</loc>';

/**
 * The `<loc>` URLs of a sitemap or sitemap index, located 1-based: the text between `<loc>`
 * and `</loc>` with no `<` in it, trimmed. Scanned with `indexOf`, each character once, since
 * a sitemap is anyone's input (a regex with `\s*` around a lazy group backtracks cubically).
 */
export function scanSitemap(xml: string): ScannedRef[] {
  const refs: ScannedRef[] = [];
  for (let start = xml.indexOf(open); start !== -1;) {
    const body = start + open.length;
    const lt = xml.indexOf('<', body);
    if (lt === -1) break;
    if (xml.startsWith(close, lt)) {
      const raw = xml.slice(body, lt);
      const value = raw.trim();
      // An empty <loc> is located at its tag, as the regex this replaces did.
      const offset = value ? body + raw.length - raw.trimStart().length : start;
      refs.push({ attribute: 'sitemap loc', value: decodeEntities(value), offset, line: 0, column: 0 });
    }
    start = xml.indexOf(open, lt);
  }
  locateRefs(xml, refs);
  return refs;
}

/** Replaces the five predefined XML entities; anything else stays as written. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]);
}

/** The one origin all sitemap URLs share, which tells which absolute links are internal. */
export function sitemapOrigin(refs: readonly ScannedRef[]): string | undefined {
  const origins = new Set<string>();
  for (const ref of refs) {
    try {
      origins.add(new URL(ref.value).origin);
    } catch {
      // Relative or broken locs say nothing about the origin.
    }
  }
  return origins.size === 1 ? [...origins][0] : undefined;
}
