// The search index: Pagefind run over the rendered pages that mark themselves for search, held
// in memory (Pagefind's Node API), so the build writes it through its writer like any other file
// and the dev server serves it from memory. Pagefind splits the index into small chunks that
// the browser fetches as a visitor types: no server, and nothing loads before search is used.
//
// Each page is read once, here, into the record Pagefind indexes (search-record.ts), which the
// page cache keeps with the page: Pagefind is handed records, never HTML to parse again, and a
// page taken from the cache is not read at all.
//
// Pagefind makes an index afresh from all its pages every time. A large site's index is made in
// parts (search-part.ts), each of a run of pages in route order, kept in the cache by their
// records: after an edit, only the part holding a page whose record changed is indexed again.
// The browser searches the parts as one (Pagefind's `mergeIndex`, listed in `parts.json`).
import type { Cache } from '../cache/cache.ts';
import { SiteError } from '../errors.ts';
import type { Route } from '../route/routes.ts';
import { indexFiles, indexPart, type PartFiles, type SearchPage } from './search-part.ts';
import { compileIgnore, searchRecordOf, type IgnoreTests, type SearchRecord } from './search-record.ts';

export type { SearchPage, SearchRecord };

/**
 * Pages per part of the index when the site does not say: parts small enough to index in a moment,
 * and at most about eight of them.
 */
function defaultPagesPerPart(routes: number): number {
  return Math.max(250, Math.ceil(routes / 8));
}

/**
 * Feeds pages to the index as they are rendered and returns its files by path under the index's
 * folder (`pagefind.js`, `pagefind-entry.json`, `index/…`, `parts.json`). No page is read from
 * disk: each is handed over as the build rendered it, at its public address.
 *
 * Parts hold runs of pages in route order, and Pagefind's files depend on the order pages are
 * added, while pages are rendered in no fixed order (from the cache first, then as their
 * Markdown is ready). So pages are taken in route order: one that comes early waits for those
 * before it, and only those waiting, and the part being filled, are held.
 */
export class SearchIndexer {
  private readonly order: Map<string, number>;
  /** Pages rendered before one that comes before them in route order: their record, or null when not marked. */
  private readonly waiting = new Map<number, SearchRecord | null>();
  private next = 0;
  private part: SearchPage[] = [];
  private readonly parts: Promise<PartFiles>[] = [];
  /** The records read from pages offered, until the page cache takes them (`recordOf`). */
  private readonly read = new Map<string, SearchRecord | null>();
  private readonly ignore: IgnoreTests;

  /**
   * `routes` are the pages that may be indexed, in the order they are taken (a redirect's page
   * never is); `cache` keeps the parts; a part holds `pagesPerPart` pages; what the `ignore`
   * selectors match is left out.
   */
  constructor(
    private readonly routes: readonly Route[],
    private readonly definitionFile: string,
    private readonly cache: Cache,
    private readonly pagesPerPart = defaultPagesPerPart(routes.length),
    ignore: readonly string[] = [],
  ) {
    this.order = new Map(routes.map((route, position) => [route.file, position]));
    this.ignore = compileIgnore(ignore);
  }

  /**
   * Offers a written file: a page of the site that marks itself for search is indexed, in route
   * order. `record` is what search knows of it when that is known (the page cache keeps it: null
   * for a page that marks nothing); otherwise the page is read for it.
   */
  offer(file: string, html: string, record?: SearchRecord | null): void {
    const position = this.order.get(file);
    if (position === undefined || position < this.next) return;
    let known = record;
    if (known === undefined) {
      known = searchRecordOf(html, this.ignore) ?? null;
      // Kept for the page cache to take; without a cache none is taken, and none is kept.
      if (this.cache.enabled) this.read.set(file, known);
    }
    this.waiting.set(position, known);
    this.flush(false);
  }

  /**
   * The record read from a page offered, null when it marks nothing for search, undefined when it
   * was not read here; handed over once, so that no record is held here after its page is kept.
   */
  recordOf(file: string): SearchRecord | null | undefined {
    const record = this.read.get(file);
    this.read.delete(file);
    return record;
  }

  /** Takes the pages waiting whose turn has come; with `all`, every page waiting, skipping those never offered. */
  private flush(all: boolean): void {
    while (this.next < this.routes.length && (all || this.waiting.has(this.next))) {
      const record = this.waiting.get(this.next);
      this.waiting.delete(this.next);
      if (record) this.add({ url: this.routes[this.next]!.url, record });
      this.next += 1;
    }
  }

  /** Takes a page now, into the part being filled. */
  private add(page: SearchPage): void {
    this.part.push(page);
    if (this.part.length >= this.pagesPerPart) this.closePart();
  }

  /** Indexes the part being filled (or takes it from the cache) while the next fills. */
  private closePart(): void {
    const pages = this.part;
    this.part = [];
    const indexing = indexPart(pages, this.cache, (errors) => this.failure(errors));
    // Reported by finish(); a build that fails first never asks.
    indexing.catch(() => undefined);
    this.parts.push(indexing);
  }

  /** The finished index's files, once every page offered is in it. */
  async finish(): Promise<Map<string, Uint8Array>> {
    try {
      this.flush(true);
      // A site with no page to index still gets an index: an empty one.
      if (this.part.length > 0 || this.parts.length === 0) this.closePart();
      return indexFiles(await Promise.all(this.parts));
    } catch (error) {
      throw error instanceof SiteError ? error : this.failure([], error);
    } finally {
      await this.discard();
    }
  }

  /** Drops what is held, once Pagefind is done with the parts under way (a failed build's, too). */
  async discard(): Promise<void> {
    this.waiting.clear();
    this.read.clear();
    this.part = [];
    await Promise.allSettled(this.parts);
  }

  private failure(errors: string[], cause?: unknown): SiteError {
    return new SiteError({
      code: 'search.index-failed',
      message: `Pagefind could not index the site: ${errors.join('; ') || (cause instanceof Error ? cause.message : String(cause))}`,
      hint: 'Check that the pages marked with data-pagefind-body are complete HTML documents, and that the pagefind package is installed for this platform.',
      file: this.definitionFile,
      ...(cause === undefined ? {} : { cause }),
    });
  }
}
