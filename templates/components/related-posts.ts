/** The fields that decide how close two posts are. */
export interface RelatedCandidate {
  slug: string;
  category: string;
  tags: string[];
}

/**
 * The posts to suggest after `post`: those sharing the most with it (each shared tag counts one,
 * the same category two), closer ones first, then by their order in `posts` (newest first); the
 * post itself never. Fills up with the newest others when fewer relate, so a post always ends
 * with `count` suggestions while the blog has that many others.
 */
export function relatedPosts<T extends RelatedCandidate>(post: RelatedCandidate, posts: readonly T[], count = 3): T[] {
  const tags = new Set(post.tags);
  const score = (other: T) => other.tags.filter((tag) => tags.has(tag)).length + (other.category === post.category ? 2 : 0);
  return posts
    .map((other, index) => ({ other, index, score: score(other) }))
    .filter(({ other }) => other.slug !== post.slug)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map(({ other }) => other);
}
