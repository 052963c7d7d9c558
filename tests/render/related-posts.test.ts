import assert from 'node:assert/strict';
import { test } from 'node:test';
import { relatedPosts } from '../../templates/components/related-posts.ts';

// Newest first, as the site model orders posts.
const posts = [
  { slug: 'newest', category: 'Tools', tags: ['Cursor'] },
  { slug: 'same-category', category: 'Data', tags: ['Other'] },
  { slug: 'two-tags', category: 'Tools', tags: ['AI', 'QA'] },
  { slug: 'self', category: 'Data', tags: ['AI', 'QA'] },
  { slug: 'one-tag', category: 'Tools', tags: ['QA'] },
  { slug: 'oldest', category: 'Tools', tags: [] },
];
const self = posts[3]!;

test('orders the others by what they share with the post: the category counts two, each tag one', () => {
  assert.deepEqual(relatedPosts(self, posts).map((post) => post.slug), ['same-category', 'two-tags', 'one-tag']);
});

test('never suggests the post itself', () => {
  assert.ok(!relatedPosts(self, posts, 10).some((post) => post.slug === 'self'));
  assert.equal(relatedPosts(self, posts, 10).length, posts.length - 1);
});

test('fills up with the newest others when too few relate, in blog order', () => {
  const lonely = { slug: 'lonely', category: 'None', tags: ['Nothing'] };
  assert.deepEqual(relatedPosts(lonely, posts, 2).map((post) => post.slug), ['newest', 'same-category']);
});

test('suggests nothing on a blog of one post', () => {
  assert.deepEqual(relatedPosts(self, [self]), []);
});
