// What the blog's list pages show, as props: a post's summary, a page's pager, the sidebar's
// tag and category links, and the index of every post the explorer filters.
import {
  type ImageIndex,
  listPagePath,
  pageHref,
  pagerEntries,
  pictureSources,
  type Term,
  type TrailingSlash,
} from 'sitegen/site';
import type { PostAuthor, PostSummary } from '../../client/islands/blog-filter.ts';
import { fillText } from '../../client/islands/blog-filter.ts';
import { postsIndexVersion, type IndexImage, type PostsIndex } from '../../client/islands/posts-index.ts';
import type { PagerProps } from '../components/blog/Pager.tsx';
import type { TermLink } from '../components/blog/TermLinks.tsx';
import { imageSizes } from '../components/image-sizes.ts';
import type { Person, Post, SiteModel } from './model.ts';
import { termOf } from './blog-terms.ts';
import {
  blogAuthorPath,
  blogIndexPath,
  blogPostPath,
  blogTermListPath,
  blogTermPath,
  type BlogTaxonomy,
} from './urls.ts';

/** An image's size and sources, for a place `sizes` describes (a post card's, by default). */
export function cardImage(images: ImageIndex, src: string, sizes: string = imageSizes.postCard): IndexImage {
  const entry = images.get(src);
  if (!entry) throw new Error(`image ${src} is not in content/images`);
  return {
    ...pictureSources(src, entry),
    width: entry.width,
    height: entry.height,
    ...(entry.variants ? { sizes } : {}),
  };
}

/** A person as a post's byline shows them, their portrait sized for `sizes`; it decorates their name. */
export function postAuthor(
  person: Person,
  images: ImageIndex,
  policy: TrailingSlash,
  sizes: string = imageSizes.avatarSmall,
): PostAuthor {
  return {
    name: person.name,
    role: person.role,
    href: pageHref(blogAuthorPath(person.id), policy),
    ...(person.photo ? { photo: { ...cardImage(images, person.photo, sizes), alt: '' } } : {}),
  };
}

/** A post as its card shows it. */
export function postSummary(post: Post, model: SiteModel, images: ImageIndex): PostSummary {
  const policy = model.data.site.trailingSlash;
  const person = post.author === undefined ? undefined : model.people.get(post.author);
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
    ...(person ? { author: postAuthor(person, images, policy) } : {}),
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
    entries: pagerEntries(number, count).map((entry) =>
      'gap' in entry
        ? entry
        : {
            page: entry.page,
            href: href(entry.page),
            label: fillText(words.page, { page: entry.page }),
            current: entry.page === number,
          },
    ),
  };
}

/** The sidebar's links of a list page, and of its island's props. */
export interface SidebarLinks {
  categories: TermLink[];
  tags: TermLink[];
  /** The pages listing every category and every tag, when the sidebar shows only the most used. */
  more: { categories?: TermLink; tags?: TermLink };
  /** Where 'All Categories' and 'All Tags' lead: the blog's list. */
  all: string;
}

/**
 * The sidebar's links: the most used categories and tags (every one, on a blog with few), each to
 * its page, the term a page is about after them, and a link to the page listing them all when
 * there are more. Bounded: a blog of ten thousand tags lists `termLists.shown` on each page.
 */
export function termLinks(model: SiteModel, current?: { taxonomy: BlogTaxonomy; slug: string }): SidebarLinks {
  const policy = model.data.site.trailingSlash;
  const words = model.data.blog.termLists;
  const links = (
    taxonomy: BlogTaxonomy,
    shown: Term<string>[],
    all: Term<string>[],
  ): [TermLink[], TermLink | undefined] => {
    const here =
      current?.taxonomy === taxonomy && !shown.some((term) => term.slug === current.slug)
        ? termOf(model, taxonomy, current.slug)
        : undefined;
    // The page's own term, when it is not among the most used, comes last.
    const terms = here ? [...shown, here] : shown;
    const more =
      shown.length < all.length
        ? {
            name: fillText(words[taxonomy].seeAll, { count: all.length.toLocaleString('en-US') }),
            href: pageHref(blogTermListPath(taxonomy), policy),
          }
        : undefined;
    return [
      terms.map((term) => ({ name: term.name, href: pageHref(blogTermPath(taxonomy, term.slug), policy) })),
      more,
    ];
  };
  const [categories, moreCategories] = links('category', model.terms.shown.categories, model.terms.categories);
  const [tags, moreTags] = links('tag', model.terms.shown.tags, model.terms.tags);
  return {
    categories,
    tags,
    more: { ...(moreCategories ? { categories: moreCategories } : {}), ...(moreTags ? { tags: moreTags } : {}) },
    all: pageHref(blogIndexPath, policy),
  };
}

/** The index of every post the explorer filters over (published at /blog/posts.json): images and authors listed once, posts naming them. */
export function postsIndex(model: SiteModel, images: ImageIndex): PostsIndex {
  const table: Record<string, IndexImage> = {};
  const authors: Record<string, PostAuthor> = {};
  const posts = model.posts.map((post) => {
    table[post.image] ??= cardImage(images, post.image);
    const { image: _image, author, ...summary } = postSummary(post, model, images);
    if (author && post.author !== undefined) authors[post.author] ??= author;
    return {
      ...summary,
      image: post.image,
      imageAlt: post.imageAlt,
      ...(post.author !== undefined && author ? { author: post.author } : {}),
    };
  });
  return { version: postsIndexVersion, images: table, authors, posts };
}
