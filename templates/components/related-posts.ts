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
 *
 * Every post page asks this of every other post, so it keeps only the best `count` in one pass
 * (a sort of all posts per page made a 1,000-post build spend over half a second here).
 */
export function relatedPosts<T extends RelatedCandidate>(post: RelatedCandidate, posts: readonly T[], count = 3): T[] {
  if (count <= 0) return [];
  const tags = post.tags;
  const best: { other: T; score: number }[] = [];
  for (const other of posts) {
    if (other.slug === post.slug) continue;
    let score = other.category === post.category ? 2 : 0;
    for (const tag of other.tags) if (tags.includes(tag)) score += 1;
    // Later posts lose ties, so one enters only with a strictly higher score than the last kept.
    if (best.length === count && score <= best[count - 1]!.score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at -= 1;
    best.splice(at, 0, { other, score });
    if (best.length > count) best.pop();
  }
  return best.map(({ other }) => other);
}
