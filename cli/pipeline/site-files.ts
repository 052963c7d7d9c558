import type { Post } from './model.ts';
import type { Redirect, Route } from './routes.ts';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The sitemap: every indexable route at its canonical URL. */
export function renderSitemap(siteUrl: string, routes: Route[], lastModified: Map<string, Date>): string {
  const urls = routes.filter((route) => route.indexable).map((route) => {
    const modified = lastModified.get(route.path);
    return `  <url><loc>${escapeXml(siteUrl + (route.path === '/' ? '/' : route.path))}</loc>${modified ? `<lastmod>${modified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt allowing everything and naming the sitemap. */
export function renderRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** An RSS 2.0 feed of the blog, newest first, with each post's excerpt. */
export function renderFeed(options: { siteUrl: string; title: string; description: string; posts: Post[] }): string {
  const { siteUrl, title, description, posts } = options;
  const items = posts.map((post) => [
    '    <item>',
    `      <title>${escapeXml(post.title)}</title>`,
    `      <link>${siteUrl}/blog/${post.slug}</link>`,
    `      <guid isPermaLink="true">${siteUrl}/blog/${post.slug}</guid>`,
    `      <pubDate>${post.date.toUTCString()}</pubDate>`,
    `      <category>${escapeXml(post.category)}</category>`,
    `      <description>${escapeXml(post.excerpt)}</description>`,
    '    </item>',
  ].join('\n'));
  const updated = posts[0]?.date.toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(title)}</title>`,
    `    <link>${siteUrl}/blog</link>`,
    `    <description>${escapeXml(description)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${siteUrl}/feed.xml" rel="self" type="application/rss+xml"/>`,
    updated ? `    <lastBuildDate>${updated}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].filter((line) => line !== '').join('\n');
}

/** Redirect rules for static hosts that read a `_redirects` file (Netlify, Cloudflare Pages). */
export function renderRedirectsFile(redirects: Redirect[]): string {
  return redirects.map((r) => `${r.from} ${r.to} 301`).join('\n') + '\n';
}
