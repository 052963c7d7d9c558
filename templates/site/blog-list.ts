// What the blog's list pages show, as props: a post's summary, a page's pager, the sidebar's
// tag and category links, and the index of every post the explorer filters.
import type { ImageIndex } from '../../cli/render/render-context.ts';
import { listPagePath, pagerEntries } from '../../cli/route/paginate.ts';
import { pageHref, type TrailingSlash } from '../../cli/route/trailing-slash.ts';
import { pictureSources } from '../../cli/images/picture-sources.ts';
import type { PostSummary } from '../../client/islands/blog-filter.ts';
import { fillText } from '../../client/islands/blog-filter.ts';
import { postsIndexVersion, type IndexImage, type PostsIndex } from '../../client/islands/posts-index.ts';
import type { PagerProps } from '../components/blog/Pager.tsx';
import type { TermLink } from '../components/blog/TermLinks.tsx';
import { imageSizes } from '../components/image-sizes.ts';
import type { Post, SiteModel } from './model.ts';
import { blogIndexPath, blogPostPath, blogTermPath } from './urls.ts';

/** An image's sizes and sources, as post cards show it. */
function cardImage(images: ImageIndex, src: string): IndexImage {
  const entry = images.get(src);
  if (!entry) throw new Error(`image ${src} is not in content/images`);
  return { ...pictureSources(src, entry), width: entry.width, height: entry.height, ...(entry.variants ? { sizes: imageSizes.postCard } : {}) };
}

/** A post as its card shows it. */
export function postSummary(post: Post, images: ImageIndex, policy: TrailingSlash): PostSummary {
  return {
    slug: post.slug,
    href: pageHref(blogPostPath(post.slug), policy),
    title: post.title,
    excerpt: post.excerpt,
    dateText: post.dateText,
    readTime: post.readTime,
    category: post.category,
    tags: post.tags,
    image: { ...cardImage(images, post.image), alt: post.imageAlt },
  };
}

/** Page `number` of a list's items. */
export function pageItems<T>(items: readonly T[], size: number, number: number): T[] {
  return items.slice((number - 1) * size, number * size);
}

/** How many pages a list of `length` items takes (at least one). */
export function pageCount(length: number, size: number): number {
  return Math.max(1, Math.ceil(length / size));
}

/** The pager of page `number` of `count` of the list at `first`; none for a list of one page. */
export function pagerProps(model: SiteModel, first: string, number: number, count: number): PagerProps | null {
  if (count <= 1) return null;
  const words = model.data.blog.pager;
  const href = (n: number) => pageHref(listPagePath(first, n), model.data.site.trailingSlash);
  return {
    label: words.label,
    ...(number > 1 ? { previous: { href: href(number - 1), label: words.previous } } : {}),
    ...(number < count ? { next: { href: href(number + 1), label: words.next } } : {}),
    entries: pagerEntries(number, count).map((entry) => ('gap' in entry ? entry : {
      page: entry.page, href: href(entry.page), label: fillText(words.page, { page: entry.page }), current: entry.page === number,
    })),
  };
}

/** The sidebar's links: every category and tag, each to its page, and 'All …' to the blog's list. */
export function termLinks(model: SiteModel): { categories: TermLink[]; tags: TermLink[]; all: string } {
  const policy = model.data.site.trailingSlash;
  return {
    categories: model.terms.categories.map((term) => ({ name: term.name, href: pageHref(blogTermPath('category', term.slug), policy) })),
    tags: model.terms.tags.map((term) => ({ name: term.name, href: pageHref(blogTermPath('tag', term.slug), policy) })),
    all: pageHref(blogIndexPath, policy),
  };
}

/** The index of every post the explorer filters over (published at /blog/posts.json). */
export function postsIndex(model: SiteModel, images: ImageIndex): PostsIndex {
  const policy = model.data.site.trailingSlash;
  const table: Record<string, IndexImage> = {};
  const posts = model.posts.map((post) => {
    table[post.image] ??= cardImage(images, post.image);
    const { image: _image, ...summary } = postSummary(post, images, policy);
    return { ...summary, image: post.image, imageAlt: post.imageAlt };
  });
  return { version: postsIndexVersion, images: table, posts };
}
