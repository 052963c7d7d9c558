import type { Route } from '../route/routes.ts';
import { absoluteUrl } from '../route/urls.ts';

/** Escapes text for XML element content and attribute values. */
export const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The sitemap: every indexable route at its canonical URL. */
export function renderSitemap(siteUrl: string, routes: Route[], lastModified: Map<string, Date>): string {
  const urls = routes.filter((route) => route.indexable).map((route) => {
    const modified = lastModified.get(route.path);
    return `  <url><loc>${escapeXml(absoluteUrl(siteUrl, route.path))}</loc>${modified ? `<lastmod>${modified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
