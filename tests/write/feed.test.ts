import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FeedSpec, SiteSettings } from '../../cli/config/site-definition.ts';
import { renderFeed } from '../../cli/write/feed.ts';
import { parseXml, type XmlDocument } from '../helpers/xml.ts';

const siteUrl = 'https://www.example.test';

type Item = FeedSpec['items'][number];
interface Post {
  slug: string;
  title: string;
  excerpt: string;
  date: Date;
  category?: string;
}

function post(slug: string, date: string, fields: Partial<Post> = {}): Post {
  return {
    slug,
    title: `Title of ${slug}`,
    excerpt: `Excerpt of ${slug}`,
    date: new Date(date),
    category: 'Tools',
    ...fields,
  };
}

/** A blog's feed as a site describes it: `/feed.xml`, standing for `/blog`, one item per post at `/blog/<slug>`. */
function feedSpec(posts: Post[], title = 'Example Blog', description = 'Notes on testing'): FeedSpec {
  const items = posts.map((p): Item => ({
    title: p.title,
    path: `/blog/${p.slug}`,
    date: p.date,
    description: p.excerpt,
    ...(p.category === undefined ? {} : { category: p.category }),
  }));
  return { path: '/feed.xml', title, description, link: '/blog', language: 'en', items };
}

const always = (url: string): SiteSettings => ({ siteUrl: url, trailingSlash: 'always' });

function feed(
  posts: Post[],
  title = 'Example Blog',
  description = 'Notes on testing',
): { xml: string; doc: XmlDocument } {
  const xml = renderFeed(feedSpec(posts, title, description), always(siteUrl));
  return { xml, doc: parseXml(xml) };
}

test('is an RSS 2.0 document with one channel', () => {
  const { xml, doc } = feed([post('a', '2024-01-01T00:00:00Z')]);
  assert.match(xml, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n/);
  assert.equal(doc.root.name, 'rss');
  assert.equal(doc.root.attribs.version, '2.0');
  assert.deepEqual(doc.childNames(doc.root), ['channel']);
});

test('describes the channel: title, blog link, description, language, self link and last build date', () => {
  const { doc } = feed([post('new', '2024-05-02T10:00:00Z'), post('old', '2023-01-01T00:00:00Z')]);
  const channel = doc.all('channel')[0]!;
  assert.equal(doc.childText(channel, 'title'), 'Example Blog');
  assert.equal(doc.childText(channel, 'link'), `${siteUrl}/blog/`);
  assert.equal(doc.childText(channel, 'description'), 'Notes on testing');
  assert.equal(doc.childText(channel, 'language'), 'en');
  const self = doc.all('atom:link', channel)[0]!;
  assert.deepEqual({ ...self.attribs }, { href: `${siteUrl}/feed.xml`, rel: 'self', type: 'application/rss+xml' });
  assert.equal(
    doc.childText(channel, 'lastBuildDate'),
    'Thu, 02 May 2024 10:00:00 GMT',
    'the first (newest) post date',
  );
});

test('has one item per post, in the order given', () => {
  const { doc } = feed([post('c', '2024-03-01'), post('a', '2024-02-01'), post('b', '2024-01-01')]);
  assert.deepEqual(
    doc.all('item').map((item) => doc.childText(item, 'title')),
    ['Title of c', 'Title of a', 'Title of b'],
  );
});

test('gives each item its title, link, permalink guid, RFC 822 date, category and excerpt', () => {
  const { doc } = feed([
    post('ai-bugs', '2024-03-15T00:00:00Z', { title: 'AI bugs', category: 'AI Testing', excerpt: 'Short.' }),
  ]);
  const [item] = doc.all('item');
  assert.deepEqual(doc.childNames(item!), ['title', 'link', 'guid', 'pubDate', 'category', 'description']);
  assert.equal(doc.childText(item!, 'title'), 'AI bugs');
  assert.equal(doc.childText(item!, 'link'), `${siteUrl}/blog/ai-bugs/`);
  assert.equal(doc.childText(item!, 'guid'), `${siteUrl}/blog/ai-bugs/`);
  assert.equal(doc.all('guid', item)[0]!.attribs.isPermaLink, 'true');
  assert.equal(doc.childText(item!, 'pubDate'), 'Fri, 15 Mar 2024 00:00:00 GMT');
  assert.equal(doc.childText(item!, 'category'), 'AI Testing');
  assert.equal(doc.childText(item!, 'description'), 'Short.');
});

test('escapes < > & \' " in titles, categories, excerpts and the channel so they read back unchanged', () => {
  const hostile = `Tom & Jerry's "<script>" > all`;
  const { doc } = feed(
    [post('x', '2024-01-01', { title: hostile, category: `Q&A <tools>`, excerpt: `a < b && "c" > 'd'` })],
    `R&D <blog>`,
    `"quotes" & 'apostrophes'`,
  );
  const channel = doc.all('channel')[0]!;
  assert.equal(doc.childText(channel, 'title'), `R&D <blog>`);
  assert.equal(doc.childText(channel, 'description'), `"quotes" & 'apostrophes'`);
  const [item] = doc.all('item');
  assert.equal(doc.childText(item!, 'title'), hostile);
  assert.equal(doc.childText(item!, 'category'), `Q&A <tools>`);
  assert.equal(doc.childText(item!, 'description'), `a < b && "c" > 'd'`);
  assert.equal(doc.all('script').length, 0, 'no element made from a title');
});

test('leaves out lastBuildDate and items when there are no posts', () => {
  const { doc } = feed([]);
  const channel = doc.all('channel')[0]!;
  assert.deepEqual(doc.childNames(channel), ['title', 'link', 'description', 'language', 'atom:link']);
});

test('escapes the site URL in every link, guid and the self link, so none can add elements', () => {
  const hostile = 'https://www.example.test/?a=1&b="x"</link><item><title>injected';
  const doc = parseXml(renderFeed(feedSpec([post('a', '2024-01-01T00:00:00Z')], 'T', 'D'), always(hostile)));
  const channel = doc.all('channel')[0]!;
  assert.equal(doc.childText(channel, 'link'), `${hostile}/blog/`);
  assert.equal(doc.all('atom:link', channel)[0]!.attribs.href, `${hostile}/feed.xml`);
  assert.equal(doc.all('item').length, 1);
  assert.equal(doc.childText(doc.all('item')[0]!, 'link'), `${hostile}/blog/a/`);
  assert.equal(doc.childText(doc.all('item')[0]!, 'guid'), `${hostile}/blog/a/`);
});

test('keeps the feed well-formed when a text holds characters XML forbids', () => {
  const { xml } = feed([
    post('a', '2024-01-01T00:00:00Z', { title: 'Bell\u0007 and \u001b escape', excerpt: 'nul\u0000' }),
  ]);
  assert.doesNotMatch(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
  assert.equal(parseXml(xml).childText(parseXml(xml).all('item')[0]!, 'title'), 'Bell\ufffd and \ufffd escape');
});

test('writes post and blog links without a trailing slash under the "never" policy', () => {
  const doc = parseXml(
    renderFeed(feedSpec([post('a', '2024-01-01T00:00:00Z')], 'T', 'D'), { siteUrl, trailingSlash: 'never' }),
  );
  assert.equal(doc.childText(doc.all('channel')[0]!, 'link'), `${siteUrl}/blog`);
  assert.equal(doc.childText(doc.all('item')[0]!, 'link'), `${siteUrl}/blog/a`);
});

test('an item without a category has no category element; the channel names the language and link the site gives', () => {
  const spec = {
    ...feedSpec([post('a', '2024-01-01T00:00:00Z', { category: undefined })]),
    language: 'de-CH',
    link: '/notes',
    path: '/notes/feed.xml',
  };
  const doc = parseXml(renderFeed(spec, always(siteUrl)));
  const channel = doc.all('channel')[0]!;
  assert.deepEqual(doc.childNames(doc.all('item')[0]!), ['title', 'link', 'guid', 'pubDate', 'description']);
  assert.equal(doc.childText(channel, 'language'), 'de-CH');
  assert.equal(doc.childText(channel, 'link'), `${siteUrl}/notes/`);
  assert.equal(
    doc.all('atom:link', channel)[0]!.attribs.href,
    `${siteUrl}/notes/feed.xml`,
    'the feed file keeps its own name',
  );
});
