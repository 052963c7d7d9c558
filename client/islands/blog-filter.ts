import { withParams } from './address-params.ts';
import type { SizedImage } from './types.ts';

/** Who wrote a post, as its card shows them. */
export interface PostAuthor {
  name: string;
  role: string;
  /** Their page on the blog, as the site publishes it. */
  href: string;
  photo?: SizedImage;
}

/** The fields of a post the blog list shows and filters on. */
export interface PostSummary {
  slug: string;
  /** The post's address as the site publishes it. */
  href: string;
  title: string;
  excerpt: string;
  dateText: string;
  readTime: string;
  category: string;
  tags: string[];
  image: SizedImage;
  author?: PostAuthor;
}

export interface BlogFilters {
  query: string;
  tag: string | null;
  category: string | null;
}

export const noFilters: BlogFilters = { query: '', tag: null, category: null };

/** Whether any filter narrows the list (a search of only spaces does not). */
export function hasFilters(filters: BlogFilters): boolean {
  return filters.query.trim() !== '' || filters.tag !== null || filters.category !== null;
}

/**
 * Keeps the posts that match every active filter: the search text is a case-insensitive
 * substring of the title, the excerpt or any tag; the tag must be among the post's tags; the
 * category must be equal. An empty search matches everything.
 */
export function filterPosts(posts: PostSummary[], filters: BlogFilters): PostSummary[] {
  const query = filters.query.trim().toLowerCase();
  return posts.filter(
    (post) =>
      (query === '' || [post.title, post.excerpt, ...post.tags].some((text) => text.toLowerCase().includes(query))) &&
      (filters.tag === null || post.tags.includes(filters.tag)) &&
      (filters.category === null || post.category === filters.category),
  );
}

/** Each distinct category in the order posts first use it. */
export function distinctCategories(posts: PostSummary[]): string[] {
  return [...new Set(posts.map((post) => post.category))];
}

/** Each distinct tag, sorted alphabetically. */
export function distinctTags(posts: PostSummary[]): string[] {
  return [...new Set(posts.flatMap((post) => post.tags))].sort((a, b) => a.localeCompare(b));
}

/** Reads `?q=`, `?tag=` and `?category=` so shared and tag links land on a filtered list. */
export function filtersFromSearch(search: string): BlogFilters {
  const params = new URLSearchParams(search);
  return { query: params.get('q') ?? '', tag: params.get('tag') || null, category: params.get('category') || null };
}

/** Writes the filters back into a query string, leaving other parameters alone. */
export function searchFromFilters(search: string, filters: BlogFilters): string {
  return withParams(search, {
    q: filters.query.trim() === '' ? null : filters.query,
    tag: filters.tag,
    category: filters.category,
  });
}

/** The words of the result count, from content/data/blog.json `results`. */
export interface ResultText {
  /** The subject: how many posts ('{count} posts'). */
  posts: { none: string; one: string; other: string };
  /** The search, agreeing in number with the subject ('match “{query}”'). */
  query: { one: string; other: string };
  /** The category filter ('in {category}'). */
  category: string;
  /** The tag filter ('tagged “{tag}”'). */
  tag: string;
  /** Every post shown again after filtering ('Showing all {count} posts'). */
  all: string;
}

/** Puts values into a text's `{name}` placeholders; a placeholder without a value stays as written. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

/**
 * One sentence saying how many posts the filters leave and why: '3 posts match “cursor”',
 * '1 post in DevOps tagged “CI/CD”', 'No posts match “xyz”'; without filters, the `all` text.
 */
export function describeResults(count: number, filters: BlogFilters, text: ResultText): string {
  if (!hasFilters(filters)) return fillText(text.all, { count });
  const number = count === 1 ? 'one' : 'other';
  const parts = [fillText(count === 0 ? text.posts.none : text.posts[number], { count })];
  const query = filters.query.trim();
  if (query !== '') parts.push(fillText(text.query[number], { query }));
  if (filters.category !== null) parts.push(fillText(text.category, { category: filters.category }));
  if (filters.tag !== null) parts.push(fillText(text.tag, { tag: filters.tag }));
  return parts.join(' ');
}
