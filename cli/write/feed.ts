import type { Post } from '../validate/model.ts';
import { absoluteUrl, blogIndexPath, blogPostPath, feedPath } from '../route/urls.ts';
import { escapeXml } from './sitemap.ts';
import { pageHref, type TrailingSlash } from '../route/trailing-slash.ts';

/** An RSS 2.0 feed of the blog, newest first, with each post's excerpt; every text and URL is XML-escaped. */
export function renderFeed(options: { siteUrl: string; title: string; description: string; posts: Post[]; trailingSlash: TrailingSlash }): string {
  const { siteUrl, title, description, posts, trailingSlash } = options;
  const pageUrl = (sitePath: string) => escapeXml(absoluteUrl(siteUrl, pageHref(sitePath, trailingSlash)));
  const items = posts.map((post) => [
    '    <item>',
    `      <title>${escapeXml(post.title)}</title>`,
    `      <link>${pageUrl(blogPostPath(post.slug))}</link>`,
    `      <guid isPermaLink="true">${pageUrl(blogPostPath(post.slug))}</guid>`,
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
    `    <link>${pageUrl(blogIndexPath)}</link>`,
    `    <description>${escapeXml(description)}</description>`,
    '    <language>en</language>',
    `    <atom:link href="${escapeXml(absoluteUrl(siteUrl, feedPath))}" rel="self" type="application/rss+xml"/>`,
    updated ? `    <lastBuildDate>${updated}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].filter((line) => line !== '').join('\n');
}
