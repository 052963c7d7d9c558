// The summaries of every post, published as one JSON file (/blog/posts.json) that the blog's
// explorer fetches when a visitor first filters: pages carry only their own posts, whatever the
// blog's size. Images are listed once by path, as posts often share one.
import type { PostSummary } from './blog-filter.ts';
import type { SizedImage } from './types.ts';

/** The file's version: an explorer reads only the shape it knows. */
export const postsIndexVersion = 1;

/** An image of the index without its alt text, which each post gives. */
export type IndexImage = Omit<SizedImage, 'alt'>;

/** A post of the index: its summary, its image named by path. */
export type IndexPost = Omit<PostSummary, 'image'> & { image: string; imageAlt: string };

export interface PostsIndex {
  version: typeof postsIndexVersion;
  images: Record<string, IndexImage>;
  posts: IndexPost[];
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The posts of a fetched index, or undefined when it is not an index this explorer reads. */
export function readPostsIndex(value: unknown): PostSummary[] | undefined {
  const index = value as Partial<PostsIndex> | null;
  if (!index || index.version !== postsIndexVersion || !Array.isArray(index.posts) || typeof index.images !== 'object' || index.images === null) return undefined;
  const images = index.images;
  const posts: PostSummary[] = [];
  for (const post of index.posts as unknown[]) {
    const p = post as Partial<IndexPost> | null;
    if (!p || ![p.slug, p.href, p.title, p.excerpt, p.dateText, p.readTime, p.category, p.image, p.imageAlt].every(isString) || !Array.isArray(p.tags) || !p.tags.every(isString)) return undefined;
    const image = Object.hasOwn(images, p.image!) ? images[p.image!] : undefined;
    if (!image || !isString(image.src) || typeof image.width !== 'number' || typeof image.height !== 'number') return undefined;
    const { image: _src, imageAlt, ...summary } = p as IndexPost;
    posts.push({ ...summary, image: { ...image, alt: imageAlt } });
  }
  return posts;
}
