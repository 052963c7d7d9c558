import type { Cache } from '../cache/cache.ts';
import { SearchIndexer, type SearchRecord } from '../search/search-index.ts';
import type { RoutedStep } from './route-step.ts';

/**
 * Search: Pagefind indexes what each rendered page that marks itself for it gives search, its
 * record, as the page is written (`offer`, handed the record when the page cache keeps it;
 * `recordOf` gives the record read, for the page cache), in parts the cache keeps, and
 * `finish` returns the index by output path (`pagefind/pagefind.js`, `pagefind/index/…`,
 * `pagefind/parts.json`), written with the rest of the site. Undefined when the site has no search.
 */
export function searchStep(
  routed: RoutedStep,
  cache: Cache,
):
  | {
      offer(file: string, html: string, record?: SearchRecord | null): void;
      recordOf(file: string): SearchRecord | null | undefined;
      finish(): Promise<Map<string, Uint8Array>>;
      discard(): Promise<void>;
    }
  | undefined {
  const place = routed.search;
  if (!place) return undefined;
  const indexer = new SearchIndexer(routed.routes, routed.site.file, cache, place.pagesPerPart, place.ignore);
  return {
    offer: (file, html, record) => indexer.offer(file, html, record),
    recordOf: (file) => indexer.recordOf(file),
    finish: async () =>
      new Map([...(await indexer.finish())].map(([file, contents]) => [`${place.folder}/${file}`, contents])),
    discard: () => indexer.discard(),
  };
}
