// The blog's addresses; part of the URL module (urls.ts), in a file of its own so the blog
// island bundles only these few bytes instead of sharing a chunk with other islands.

/** The blog's list of posts. */
export const blogIndexPath = '/blog';

/** The RSS feed of the blog. */
export const feedPath = '/feed.xml';

/** A blog post: `/blog/{slug}`. */
export function blogPostPath(slug: string): string {
  return `${blogIndexPath}/${slug}`;
}

/** The blog list filtered by a tag: `/blog?tag={tag}`. */
export function blogTagPath(tag: string): string {
  return `${blogIndexPath}?tag=${encodeURIComponent(tag)}`;
}
