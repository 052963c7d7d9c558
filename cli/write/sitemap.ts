import type { Route } from '../route/routes.ts';
import { absoluteUrl } from '../route/urls.ts';

const xmlEntities: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
/**
 * Characters XML 1.0 cannot hold at all, not even as a reference: C0 controls other than tab,
 * newline and carriage return, lone surrogates, U+FFFE and U+FFFF.
 */
const notXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|\p{Cs}/gu;

/**
 * Escapes text for XML element content and attribute values: markup characters become
 * entities, tab and line breaks become references (an attribute would otherwise read them as
 * spaces), and characters XML forbids become U+FFFD, so no value can end the document early
 * or make it ill-formed.
 */
export const escapeXml = (text: string) =>
  text.replace(notXml, '\ufffd').replace(/[<>&'"\t\n\r]/g, (c) => xmlEntities[c]!);

/** The sitemap: every indexable route at its canonical URL, with its last change where the site gives one. */
export function renderSitemap(siteUrl: string, routes: Route[]): string {
  const urls = routes
    .filter((route) => route.indexable)
    .map((route) => {
      const modified = route.lastModified;
      return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, route.url))}</loc>${modified ? `<lastmod>${modified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
