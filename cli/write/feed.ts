import type { FeedSpec, SiteSettings } from '../config/site-definition.ts';
import { pageHref } from '../route/trailing-slash.ts';
import { absoluteUrl } from '../route/urls.ts';
import { escapeXml } from './sitemap.ts';

/** An RSS 2.0 feed, its items as the site lists them (newest first); every text and URL is XML-escaped. */
export function renderFeed(feed: FeedSpec, settings: SiteSettings): string {
  const { siteUrl, trailingSlash } = settings;
  const pageUrl = (sitePath: string) => escapeXml(absoluteUrl(siteUrl, pageHref(sitePath, trailingSlash)));
  const items = feed.items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${pageUrl(item.path)}</link>`,
      `      <guid isPermaLink="true">${pageUrl(item.path)}</guid>`,
      `      <pubDate>${item.date.toUTCString()}</pubDate>`,
      item.category === undefined ? '' : `      <category>${escapeXml(item.category)}</category>`,
      `      <description>${escapeXml(item.description)}</description>`,
      '    </item>',
    ]
      .filter((line) => line !== '')
      .join('\n'),
  );
  const updated = feed.items[0]?.date.toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${escapeXml(feed.title)}</title>`,
    `    <link>${pageUrl(feed.link)}</link>`,
    `    <description>${escapeXml(feed.description)}</description>`,
    `    <language>${escapeXml(feed.language)}</language>`,
    `    <atom:link href="${escapeXml(absoluteUrl(siteUrl, feed.path))}" rel="self" type="application/rss+xml"/>`,
    updated ? `    <lastBuildDate>${updated}</lastBuildDate>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
