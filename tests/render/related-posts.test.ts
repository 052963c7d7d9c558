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
  assert.deepEqual(
    relatedPosts(self, posts).map((post) => post.slug),
    ['same-category', 'two-tags', 'one-tag'],
  );
});

test('never suggests the post itself', () => {
  assert.ok(!relatedPosts(self, posts, 10).some((post) => post.slug === 'self'));
  assert.equal(relatedPosts(self, posts, 10).length, posts.length - 1);
});

test('fills up with the newest others when too few relate, in blog order', () => {
  const lonely = { slug: 'lonely', category: 'None', tags: ['Nothing'] };
  assert.deepEqual(
    relatedPosts(lonely, posts, 2).map((post) => post.slug),
    ['newest', 'same-category'],
  );
});

test('suggests nothing on a blog of one post', () => {
  assert.deepEqual(relatedPosts(self, [self]), []);
});

test('keeps the same choice and order as ranking every post, on random blogs', () => {
  // The definition, spelled out: score every other post, sort by score then blog order.
  const ranked = (post: (typeof posts)[number], all: typeof posts, count: number) =>
    all
      .map((other, index) => ({
        other,
        index,
        score: other.tags.filter((tag) => post.tags.includes(tag)).length + (other.category === post.category ? 2 : 0),
      }))
      .filter(({ other }) => other.slug !== post.slug)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, count)
      .map(({ other }) => other.slug);
  let seed = 7;
  const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  for (let round = 0; round < 200; round++) {
    const blog = Array.from({ length: 1 + random(30) }, (_, i) => ({
      slug: `p${i}`,
      category: ['A', 'B', 'C'][random(3)]!,
      tags: Array.from({ length: random(4) }, () => ['t1', 't2', 't3', 't4', 't5'][random(5)]!),
    }));
    const post = blog[random(blog.length)]!;
    for (const count of [0, 1, 3, 5])
      assert.deepEqual(
        relatedPosts(post, blog, count).map((p) => p.slug),
        ranked(post, blog, count),
        `round ${round}, count ${count}`,
      );
  }
});
