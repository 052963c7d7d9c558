/** The fields that decide how close two posts are. */
export interface RelatedCandidate {
  slug: string;
  category: string;
  tags: string[];
}

/** The blog's slugs, categories and tags as numbers, so that comparing two is one instruction. */
interface Numbered {
  posts: readonly RelatedCandidate[];
  ids: Map<string, number>;
  slug: Int32Array;
  category: Int32Array;
  /** Post i's tags are `tags[tagStart[i]]` up to `tags[tagStart[i + 1]]`. */
  tags: Int32Array;
  tagStart: Int32Array;
  /** The closest posts of each post, by index, worked out when that post first asks. */
  related: (number[] | undefined)[];
}

const numberedBlogs = new WeakMap<readonly RelatedCandidate[], Numbered>();

/**
 * `posts` with every text numbered, made once per list of posts. Every post page compares its
 * post with all others: with texts compared character by character (front matter values are
 * separate strings, equal or not) that took 0.65 s of a 1,000-post build.
 */
function numbered(posts: readonly RelatedCandidate[]): Numbered {
  const known = numberedBlogs.get(posts);
  if (known && known.posts.length === posts.length && known.posts.every((post, i) => post === posts[i])) return known;
  const ids = new Map<string, number>();
  const id = (text: string) => {
    let value = ids.get(text);
    if (value === undefined) ids.set(text, (value = ids.size));
    return value;
  };
  const tagStart = new Int32Array(posts.length + 1);
  posts.forEach((post, i) => (tagStart[i + 1] = tagStart[i]! + post.tags.length));
  const made: Numbered = {
    posts: [...posts],
    ids,
    slug: Int32Array.from(posts, (post) => id(`slug:${post.slug}`)),
    category: Int32Array.from(posts, (post) => id(`category:${post.category}`)),
    tags: Int32Array.from(
      posts.flatMap((post) => post.tags),
      (tag) => id(`tag:${tag}`),
    ),
    tagStart,
    related: [],
  };
  numberedBlogs.set(posts, made);
  return made;
}

/**
 * The posts to suggest after `post`: those sharing the most with it (each shared tag counts one,
 * the same category two), closer ones first, then by their order in `posts` (newest first); the
 * post itself never. Fills up with the newest others when fewer relate, so a post always ends
 * with `count` suggestions while the blog has that many others.
 *
 * Every post page asks this of every other post, so it keeps only the best `count` in one pass
 * (a sort of all posts per page made a 1,000-post build spend over half a second here), and the
 * answer for a post of the list is kept for the list. Each post's is worked out when it is
 * asked for, so a build that renders one post page compares that post alone.
 */
export function relatedPosts<T extends RelatedCandidate>(post: RelatedCandidate, posts: readonly T[], count = 3): T[] {
  if (count <= 0) return [];
  const blog = numbered(posts);
  const index = posts.indexOf(post as T);
  if (index !== -1 && count === defaultCount) {
    const related = (blog.related[index] ??= closest(
      blog,
      blog.slug[index]!,
      blog.category[index]!,
      blog.tags.subarray(blog.tagStart[index]!, blog.tagStart[index + 1]!),
      defaultCount,
    ));
    return related.map((i) => posts[i]!);
  }
  // A text no post of the list has is -1, which no post's number equals.
  const number = (text: string) => blog.ids.get(text) ?? -1;
  const tags = Int32Array.from(post.tags, (tag) => number(`tag:${tag}`));
  return closest(blog, number(`slug:${post.slug}`), number(`category:${post.category}`), tags, count).map(
    (i) => posts[i]!,
  );
}

const defaultCount = 3;

/** The indexes of the `count` posts closest to a post with these numbers, closest first. */
function closest(blog: Numbered, slug: number, category: number, tags: Int32Array, count: number): number[] {
  const { tagStart } = blog;
  const best: { index: number; score: number }[] = [];
  for (let index = 0; index < blog.slug.length; index++) {
    if (blog.slug[index] === slug) continue;
    let score = blog.category[index] === category ? 2 : 0;
    for (let at = tagStart[index]!; at < tagStart[index + 1]!; at++) {
      const tag = blog.tags[at];
      for (let own = 0; own < tags.length; own++) {
        if (tags[own] === tag) {
          score += 1;
          break;
        }
      }
    }
    // Later posts lose ties, so one enters only with a strictly higher score than the last kept.
    if (best.length === count && score <= best[count - 1]!.score) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.score < score) at -= 1;
    best.splice(at, 0, { index, score });
    if (best.length > count) best.pop();
  }
  return best.map(({ index }) => index);
}
