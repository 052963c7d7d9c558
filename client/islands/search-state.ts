// What the search page and the pages it finds agree on: the names of the filters and metadata
// the pages declare for Pagefind (Layout.tsx writes them, SiteSearch reads them), how a search
// is kept in the address, and how a result's excerpt is shown without trusting its markup.

import { withParams } from './address-params.ts';

/** Pagefind filters the indexed pages declare. */
export const searchFilters = { section: 'section', tag: 'tag', category: 'category' } as const;

/** Pagefind metadata the indexed pages declare besides their text. */
export const searchMeta = { title: 'title', summary: 'summary' } as const;

/** What search knows of an indexed page besides its text. */
export interface SearchEntry {
  /** The page's own title, without the brand the document title adds. */
  title: string;
  /** The section it belongs to, from content/data/search.json `sections`. */
  section: string;
  /** A post's excerpt: searchable though the post page does not show it. */
  summary?: string;
  tags?: string[];
  category?: string;
}

/** A search as the address holds it: `?q=playwright&section=Guides`. */
export interface SearchState {
  query: string;
  section: string | null;
  tag: string | null;
  category: string | null;
}

export const emptySearch: SearchState = { query: '', section: null, tag: null, category: null };

/** Longest query the page reads from the address or sends to Pagefind. */
export const maxQueryLength = 200;

/** The search in an address's query string. */
export function searchFromAddress(search: string): SearchState {
  const params = new URLSearchParams(search);
  const value = (key: string) => params.get(key)?.trim() || null;
  return {
    query: (params.get('q') ?? '').slice(0, maxQueryLength),
    section: value('section'),
    tag: value('tag'),
    category: value('category'),
  };
}

/** The query string for a search, keeping any other parameter of `current`; empty values leave the address. */
export function addressFromSearch(current: string, state: SearchState): string {
  return withParams(current, {
    q: state.query.trim() === '' ? null : state.query,
    section: state.section,
    tag: state.tag,
    category: state.category,
  });
}

/** The filters of a search as Pagefind takes them: only those chosen. */
export function pagefindFilters(state: SearchState): Record<string, string> {
  const filters: Record<string, string> = {};
  if (state.section) filters[searchFilters.section] = state.section;
  if (state.tag) filters[searchFilters.tag] = state.tag;
  if (state.category) filters[searchFilters.category] = state.category;
  return filters;
}

/** Whether a search asks for anything: words, or a filter. */
export function isSearching(state: SearchState): boolean {
  return state.query.trim() !== '' || state.section !== null || state.tag !== null || state.category !== null;
}

/** A run of an excerpt's text, and whether Pagefind marked it as matching the query. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const entities: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * An excerpt as text runs. Pagefind writes a page's text with `<` and `>` escaped and wraps each
 * match in `<mark>`; the marks are the only markup it adds. Splitting on them and showing every
 * run as text means nothing a page says can become markup, whatever it holds.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') {
      const text = piece.replace(/&(lt|gt|quot|#39|amp);/g, (entity) => entities[entity]!);
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}

/**
 * A text with the words that start with a word of the query marked, for a page found by text
 * Pagefind does not quote (a post's excerpt, which its page does not show): Pagefind matches by
 * word stems, so a word starting with the query's word is what it matched.
 */
export function markQueryWords(text: string, query: string): ExcerptPart[] {
  const terms = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((term) => term.length > 0);
  const parts: ExcerptPart[] = [];
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (piece === '') continue;
    const marked = terms.some((term) => piece.toLowerCase().startsWith(term));
    const last = parts.at(-1);
    if (last && last.marked === marked) last.text += piece;
    else parts.push({ text: piece, marked });
  }
  return parts;
}

/** Puts values into `{name}` placeholders of a text from content/data/search.json. */
export function fillSearchText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
