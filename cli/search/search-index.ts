// The search index: Pagefind run over the rendered pages that mark themselves for search, held
// in memory (Pagefind's Node API), so the build writes it through its writer like any other file
// and the dev server serves it from memory. Pagefind splits the index into small chunks that
// the browser fetches as a visitor types: no server, and nothing loads before search is used.
//
// Pagefind makes an index afresh from all its pages every time. A large site's index is made in
// parts (search-part.ts), each of a run of pages in route order, kept in the cache by what its
// pages hold: after an edit, only the part holding the edited page is indexed again. The
// browser searches the parts as one (Pagefind's `mergeIndex`, listed in `parts.json`).
import { Parser } from 'htmlparser2';
import type { Cache } from '../cache/cache.ts';
import { SiteError } from '../errors.ts';
import type { Route } from '../route/routes.ts';
import { indexFiles, indexPart, type PartFiles, type SearchPage } from './search-part.ts';

export type { SearchPage };

/** Pagefind's attribute that marks what a page gives the index. */
const bodyAttribute = 'data-pagefind-body';

/**
 * Whether a page marks itself for search: an element carries `data-pagefind-body`. Read with a
 * parser, so a post that shows the attribute in its text (`&lt;main data-pagefind-body&gt;`)
 * is not taken for one; the substring test first keeps the parse to the pages that may be.
 */
export function isMarkedForSearch(html: string): boolean {
  if (!html.includes(bodyAttribute)) return false;
  let marked = false;
  const parser = new Parser({
    onopentag: (_name, attributes) => {
      if (bodyAttribute in attributes) {
        marked = true;
        parser.pause();
      }
    },
  });
  parser.end(html);
  return marked;
}

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
  /** Pages rendered before one that comes before them in route order: their HTML, or null when not marked. */
  private readonly waiting = new Map<number, string | null>();
  private next = 0;
  private part: SearchPage[] = [];
  private readonly parts: Promise<PartFiles>[] = [];
  /** Whether each page offered marks itself for search. */
  private readonly marks = new Map<string, boolean>();

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
    private readonly ignore: readonly string[] = [],
  ) {
    this.order = new Map(routes.map((route, position) => [route.file, position]));
  }

  /**
   * Offers a written file: a page of the site that marks itself for search is indexed, in route
   * order. `searchable` says whether it does when that is known (the page cache keeps it).
   */
  offer(file: string, html: string, searchable?: boolean): void {
    const position = this.order.get(file);
    if (position === undefined || position < this.next) return;
    const marked = searchable ?? isMarkedForSearch(html);
    this.marks.set(file, marked);
    this.waiting.set(position, marked ? html : null);
    this.flush(false);
  }

  /** Whether a page offered marks itself for search; undefined for a file never offered. */
  searchable(file: string): boolean | undefined {
    return this.marks.get(file);
  }

  /** Takes the pages waiting whose turn has come; with `all`, every page waiting, skipping those never offered. */
  private flush(all: boolean): void {
    while (this.next < this.routes.length && (all || this.waiting.has(this.next))) {
      const html = this.waiting.get(this.next);
      this.waiting.delete(this.next);
      if (html) this.add({ url: this.routes[this.next]!.url, html });
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
    const indexing = indexPart(pages, this.cache, (errors) => this.failure(errors), this.ignore);
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
    this.marks.clear();
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
