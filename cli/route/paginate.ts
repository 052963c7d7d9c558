// Long lists (a blog's posts, a tag's posts) split into pages a visitor can walk without
// JavaScript: page 1 at the list's own address, page n at `<address>/page/<n>`, the way Hugo
// and Eleventy publish them. Plain data, so a page's props stay serialisable.

/** One page of a list: its items, its number and how many pages the list has. */
export interface ListPage<T> {
  items: T[];
  /** From 1. */
  number: number;
  /** Pages in the list: at least one, even for an empty list, so its address always exists. */
  count: number;
  /** The list's own address, which is also its first page's. */
  first: string;
}

/** The address of page `n` of the list whose first page is at `first` (no trailing slash). */
export function listPagePath(first: string, n: number): string {
  if (n <= 1) return first;
  return `${first === '/' ? '' : first}/page/${n}`;
}

/** `items` in pages of `size`, in order. */
export function paginate<T>(items: readonly T[], size: number, first: string): ListPage<T>[] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`a page holds a whole number of items, at least 1 (got ${size})`);
  const count = Math.max(1, Math.ceil(items.length / size));
  return Array.from({ length: count }, (_, index) => ({
    items: items.slice(index * size, (index + 1) * size),
    number: index + 1,
    count,
    first,
  }));
}

/** An entry of a numbered pager: a page number, or a gap standing for the pages left out. */
export type PagerEntry = { page: number } | { gap: true };

/**
 * The numbers a pager shows for page `current` of `count`: the first and last pages, and the
 * pages within `around` of the current one, with a gap for each run left out (a gap of one page
 * shows that page instead, since a gap would take as much room). Bounded, however long the list.
 */
export function pagerEntries(current: number, count: number, around = 1): PagerEntry[] {
  const shown = new Set<number>([1, count]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= count) shown.add(n);
  const numbers = [...shown].sort((a, b) => a - b);
  const entries: PagerEntry[] = [];
  numbers.forEach((n, index) => {
    const previous = numbers[index - 1];
    if (previous !== undefined && n - previous === 2) entries.push({ page: n - 1 });
    else if (previous !== undefined && n - previous > 2) entries.push({ gap: true });
    entries.push({ page: n });
  });
  return entries;
}
