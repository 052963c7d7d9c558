// What the search page says: its labels, how many results a search found, and what each result quotes.
import type { PagefindPage } from './pagefind-api.ts';
import { excerptParts, fillSearchText, markQueryWords, searchMeta, type ExcerptPart } from './search-state.ts';

export interface SearchLabels {
  fieldLabel: string;
  placeholder: string;
  clearLabel: string;
  /** The name of the field's submit button. */
  submitLabel: string;
  prompt: string;
  filters: {
    label: string;
    section: string;
    allSections: string;
    tag: string;
    allTags: string;
    category: string;
    allCategories: string;
    postsOnly: string;
    toggle: string;
  };
  results: {
    heading: string;
    searching: string;
    none: string;
    one: string;
    other: string;
    forQuery: string;
    noneHint: string;
    more: string;
    failed: string;
  };
}

/** What a search that found nothing offers instead: the guides, and a call with an engineer. */
export interface NoResultOffers {
  guidesHeading: string;
  guides: { name: string; href: string }[];
  consultationHeading: string;
  consultationText: string;
  consultation: { text: string; href: string };
}

/** What a result quotes: Pagefind's excerpt of the page's text, or the page's summary where only that matched. */
export function snippetOf(page: PagefindPage, query: string): ExcerptPart[] {
  const excerpt = excerptParts(page.excerpt);
  const summary = page.meta[searchMeta.summary];
  if (excerpt.some((part) => part.marked) || !summary) return excerpt;
  const marked = markQueryWords(summary, query);
  return marked.some((part) => part.marked) ? marked : excerpt;
}

/** How many results a search found, in words: '3 results for “cursor”'; a search by filters alone, '4 results'. */
export function describe(count: number, query: string, text: SearchLabels['results']): string {
  const found = fillSearchText(count === 0 ? text.none : count === 1 ? text.one : text.other, { count });
  return query === '' ? found : `${found} ${fillSearchText(text.forQuery, { query })}`;
}
