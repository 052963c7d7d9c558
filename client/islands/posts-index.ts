// The summaries of every post, published as one JSON file (/blog/posts.json) that the blog's
// explorer fetches when a visitor first filters: pages carry only their own posts, whatever the
// blog's size. Images are listed once by path, as posts often share one.
import type { PostAuthor, PostSummary } from './blog-filter.ts';
import type { SizedImage } from './types.ts';

/** The file's version: an explorer reads only the shape it knows. */
export const postsIndexVersion = 2;

/** An image of the index without its alt text, which each post gives. */
export type IndexImage = Omit<SizedImage, 'alt'>;

/** A post of the index: its summary, its image named by path and its author by id. */
export type IndexPost = Omit<PostSummary, 'image' | 'author'> & { image: string; imageAlt: string; author?: string };

export interface PostsIndex {
  version: typeof postsIndexVersion;
  images: Record<string, IndexImage>;
  authors: Record<string, PostAuthor>;
  posts: IndexPost[];
}

/** An author of the index as a card shows them, or undefined when it is not one. */
function readAuthor(value: unknown): PostAuthor | undefined {
  const author = value as Partial<PostAuthor> | null;
  if (!author || ![author.name, author.role, author.href].every(isString)) return undefined;
  const photo = author.photo;
  if (
    photo !== undefined &&
    (!photo || !isString(photo.src) || typeof photo.width !== 'number' || typeof photo.height !== 'number')
  )
    return undefined;
  return author as PostAuthor;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The posts of a fetched index, or undefined when it is not an index this explorer reads. */
export function readPostsIndex(value: unknown): PostSummary[] | undefined {
  const index = value as Partial<PostsIndex> | null;
  if (
    !index ||
    index.version !== postsIndexVersion ||
    !Array.isArray(index.posts) ||
    typeof index.images !== 'object' ||
    index.images === null ||
    typeof index.authors !== 'object' ||
    index.authors === null
  )
    return undefined;
  const { images, authors } = index;
  const posts: PostSummary[] = [];
  for (const post of index.posts as unknown[]) {
    const p = post as Partial<IndexPost> | null;
    if (
      !p ||
      ![p.slug, p.href, p.title, p.excerpt, p.dateText, p.readTime, p.category, p.image, p.imageAlt].every(isString) ||
      !Array.isArray(p.tags) ||
      !p.tags.every(isString)
    )
      return undefined;
    const image = Object.hasOwn(images, p.image!) ? images[p.image!] : undefined;
    if (!image || !isString(image.src) || typeof image.width !== 'number' || typeof image.height !== 'number')
      return undefined;
    const author =
      p.author === undefined ? undefined : Object.hasOwn(authors, p.author) ? readAuthor(authors[p.author]) : undefined;
    if (p.author !== undefined && !author) return undefined;
    const { image: _src, imageAlt, author: _id, ...summary } = p as IndexPost;
    posts.push({ ...summary, image: { ...image, alt: imageAlt }, ...(author ? { author } : {}) });
  }
  return posts;
}
