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

/** The two ways the blog groups posts, each with a page per term. */
export type BlogTaxonomy = 'tag' | 'category';

/** Where each taxonomy's pages live. */
const taxonomyFolders: Record<BlogTaxonomy, string> = { tag: 'tags', category: 'categories' };

/** The page listing every tag or every category: `/blog/tags`, `/blog/categories`. */
export function blogTermListPath(taxonomy: BlogTaxonomy): string {
  return `${blogIndexPath}/${taxonomyFolders[taxonomy]}`;
}

/** The page of one tag or category: `/blog/tags/{slug}`, `/blog/categories/{slug}`. */
export function blogTermPath(taxonomy: BlogTaxonomy, slug: string): string {
  return `${blogTermListPath(taxonomy)}/${slug}`;
}

/** The RSS feed of one tag or category: `/blog/tags/{slug}/feed.xml`. */
export function blogTermFeedPath(taxonomy: BlogTaxonomy, slug: string): string {
  return `${blogTermPath(taxonomy, slug)}/feed.xml`;
}

/** The page of one author and their posts: `/blog/authors/{id}`. */
export function blogAuthorPath(id: string): string {
  return `${blogIndexPath}/authors/${id}`;
}

/** The summaries of every post the blog's filters search once a visitor filters. */
export const blogPostsIndexPath = `${blogIndexPath}/posts.json`;
