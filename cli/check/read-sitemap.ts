import { locateRefs, type ScannedRef } from './html-refs.ts';

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The `<loc>` URLs of a sitemap or sitemap index, located 1-based. */
export function scanSitemap(xml: string): ScannedRef[] {
  const refs: ScannedRef[] = [];
  for (const match of xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)) {
    const offset = (match.index ?? 0) + match[0].indexOf(match[1]);
    const value = match[1].replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]);
    refs.push({ attribute: 'sitemap loc', value, offset, line: 0, column: 0 });
  }
  locateRefs(xml, refs);
  return refs;
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
