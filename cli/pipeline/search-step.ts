import type { Cache } from '../cache/cache.ts';
import { SearchIndexer } from '../search/search-index.ts';
import type { RoutedStep } from './route-step.ts';

/**
 * Search: Pagefind indexes each rendered page that marks itself for it as the page is written
 * (`offer`, told whether it does when the page cache knows), in parts the cache keeps, and
 * `finish` returns the index by output path (`pagefind/pagefind.js`, `pagefind/index/…`,
 * `pagefind/parts.json`), written with the rest of the site. Undefined when the site has no search.
 */
export function searchStep(
  routed: RoutedStep,
  cache: Cache,
):
  | {
      offer(file: string, html: string, searchable?: boolean): void;
      searchable(file: string): boolean | undefined;
      finish(): Promise<Map<string, Uint8Array>>;
      discard(): Promise<void>;
    }
  | undefined {
  const place = routed.search;
  if (!place) return undefined;
  const indexer = new SearchIndexer(routed.routes, routed.site.file, cache, place.pagesPerPart, place.ignore);
  return {
    offer: (file, html, searchable) => indexer.offer(file, html, searchable),
    searchable: (file) => indexer.searchable(file),
    finish: async () =>
      new Map([...(await indexer.finish())].map(([file, contents]) => [`${place.folder}/${file}`, contents])),
    discard: () => indexer.discard(),
  };
}
