import type { Post } from '../validate/model.ts';
import { escapeXml } from './sitemap.ts';

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
