import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  describeResults,
  fillText,
  filterPosts,
  filtersFromSearch,
  hasFilters,
  noFilters,
  searchFromFilters,
  type BlogFilters,
  type PostSummary,
  type ResultText,
} from '../../client/islands/blog-filter.ts';

const text: ResultText = {
  posts: { none: 'No posts', one: '1 post', other: '{count} posts' },
  query: { one: 'matches “{query}”', other: 'match “{query}”' },
  category: 'in {category}',
  tag: 'tagged “{tag}”',
  all: 'Showing all {count} posts',
};

const filters = (change: Partial<BlogFilters>): BlogFilters => ({ ...noFilters, ...change });

function post(slug: string, fields: Partial<PostSummary>): PostSummary {
  return {
    slug,
    href: `/blog/${slug}/`,
    title: slug,
    excerpt: '',
    dateText: 'Mar 15, 2024',
    readTime: '6 min read',
    category: 'General',
    tags: ['QA'],
    image: { src: `/images/${slug}.svg`, alt: '', width: 1200, height: 630 },
    ...fields,
  };
}

test('counts the results in the singular, the plural and none, agreeing the verb with the number', () => {
  assert.equal(describeResults(3, filters({ query: 'cursor' }), text), '3 posts match “cursor”');
  assert.equal(describeResults(1, filters({ query: 'cursor' }), text), '1 post matches “cursor”');
  assert.equal(describeResults(0, filters({ query: 'zzz' }), text), 'No posts match “zzz”');
});

test('names the tag and the category when they filter, after the search', () => {
  assert.equal(describeResults(2, filters({ tag: 'AI' }), text), '2 posts tagged “AI”');
  assert.equal(describeResults(1, filters({ category: 'Tools' }), text), '1 post in Tools');
  assert.equal(
    describeResults(1, filters({ query: ' data ', tag: 'Automation', category: 'Data' }), text),
    '1 post matches “data” in Data tagged “Automation”',
  );
  assert.equal(
    describeResults(0, filters({ tag: 'CI/CD', category: 'Tools' }), text),
    'No posts in Tools tagged “CI/CD”',
  );
});

test('says every post is shown when no filter is active, a search of spaces included', () => {
  assert.equal(describeResults(6, noFilters, text), 'Showing all 6 posts');
  assert.equal(describeResults(6, filters({ query: '   ' }), text), 'Showing all 6 posts');
  assert.equal(hasFilters(filters({ query: '   ' })), false);
  assert.equal(hasFilters(filters({ query: 'a' })), true);
  assert.equal(hasFilters(filters({ tag: 'AI' })), true);
  assert.equal(hasFilters(filters({ category: 'Tools' })), true);
});

test('fills placeholders with the values as written, leaving unknown ones and replacement patterns alone', () => {
  assert.equal(fillText('about {title}', { title: 'Costs: $& and $1 {count}' }), 'about Costs: $& and $1 {count}');
  assert.equal(fillText('{count} of {total}', { count: 2 }), '2 of {total}');
  assert.equal(fillText('{constructor} {toString}', {}), '{constructor} {toString}');
});

test('filters on search (title, excerpt, tag), tag and category together', () => {
  const posts = [
    post('a', { title: 'Cursor rules', tags: ['AI'], category: 'Tools' }),
    post('b', { excerpt: 'a cursor in the excerpt', tags: ['Data'], category: 'Data' }),
    post('c', { tags: ['Cursor', 'AI'], category: 'Tools' }),
  ];
  assert.deepEqual(
    filterPosts(posts, filters({ query: 'CURSOR' })).map((p) => p.slug),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(
    filterPosts(posts, filters({ query: 'cursor', tag: 'AI', category: 'Tools' })).map((p) => p.slug),
    ['a', 'c'],
  );
  assert.deepEqual(
    filterPosts(posts, filters({ tag: 'ai' })).map((p) => p.slug),
    [],
    'a tag matches exactly',
  );
});

test('reads and writes the filters as ?q=, ?tag= and ?category=, keeping other parameters', () => {
  assert.deepEqual(filtersFromSearch('?tag=AI%20Tools&category=DevOps&q=ci'), {
    query: 'ci',
    tag: 'AI Tools',
    category: 'DevOps',
  });
  assert.deepEqual(filtersFromSearch('?tag=&utm_source=x'), noFilters);
  assert.equal(searchFromFilters('?utm_source=x&tag=AI', filters({ query: 'a b' })), '?utm_source=x&q=a+b');
  assert.equal(searchFromFilters('?q=old', filters({ query: '  ' })), '');
});
