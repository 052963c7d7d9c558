// The search index: Pagefind run over the rendered pages that mark themselves for search, held
// in memory (Pagefind's Node API), so the build writes it through its writer like any other file
// and the dev server serves it from memory. Pagefind splits the index into small chunks that
// the browser fetches as a visitor types: no server, and nothing loads before search is used.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';
import * as pagefind from 'pagefind';
import { SiteError } from '../errors.ts';
import type { Route } from '../route/routes.ts';

/** A page to index: its public address and its HTML. */
export interface SearchPage {
  url: string;
  html: string;
}

/** Pagefind's attribute that marks what a page gives the index. */
const bodyAttribute = 'data-pagefind-body';

/**
 * Files of Pagefind's bundle the engine leaves out: its ready-made interfaces and the highlight
 * script. A site builds its own interface on `pagefind.js`, which is all the browser loads.
 */
const unusedFiles = /^pagefind-(ui|modular-ui|component-ui|highlight)\.(js|css)$/;

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

/** The pages of `routes` that mark themselves for search, as `htmlOf` gives their HTML, in route order. */
export function searchPagesOf(routes: readonly Route[], htmlOf: (file: string) => string | undefined): SearchPage[] {
  const pages: SearchPage[] = [];
  for (const route of routes) {
    const html = htmlOf(route.file);
    if (html !== undefined && isMarkedForSearch(html)) pages.push({ url: route.url, html });
  }
  return pages;
}

/** A hash of what an index is made from: the same pages always make the same index. */
export function searchIndexKey(pages: readonly SearchPage[]): string {
  const hash = createHash('sha256').update(`pagefind ${pagefindVersion()}\n`);
  for (const page of pages) hash.update(`${page.url}\n${page.html.length}\n`).update(page.html);
  return hash.digest('hex');
}

let installedVersion: string | undefined;

/** The version of Pagefind installed: an index made by another is made afresh. */
function pagefindVersion(): string {
  installedVersion ??= (JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.resolve('pagefind'))), '..', 'package.json'), 'utf8')) as { version: string }).version;
  return installedVersion;
}

/**
 * Feeds pages to Pagefind as they are rendered, so a build holds little of its pages' HTML for
 * the index (Pagefind's own process keeps what it needs), and returns its bundle by path under
 * the index's folder (`pagefind.js`, `pagefind-entry.json`, `index/…`). No page is read from
 * disk: each is handed over as the build rendered it, at its public address.
 *
 * Pagefind's files depend on the order pages are added, and pages are rendered in no fixed
 * order (from the cache first, then as their Markdown is ready), so pages are added in route
 * order: one that comes early waits for those before it, and only those waiting are held.
 */
export class SearchIndexer {
  private readonly order: Map<string, number>;
  private readonly routes: readonly Route[];
  /** Pages rendered before one that comes before them in route order: their HTML, or null when not marked. */
  private readonly waiting = new Map<number, string | null>();
  private next = 0;
  private index: Promise<pagefind.PagefindIndex> | undefined;
  private readonly added: Promise<string[]>[] = [];

  /** `routes` are the pages that may be indexed, in the order they are added (a redirect's page never is). */
  constructor(routes: readonly Route[], private readonly definitionFile: string) {
    this.routes = routes;
    this.order = new Map(routes.map((route, position) => [route.file, position]));
  }

  /** Offers a written file: a page of the site that marks itself for search is indexed, in route order. */
  offer(file: string, html: string): void {
    const position = this.order.get(file);
    if (position === undefined || position < this.next) return;
    this.waiting.set(position, isMarkedForSearch(html) ? html : null);
    this.flush(false);
  }

  /** Indexes the pages waiting whose turn has come; with `all`, every page waiting, skipping those never offered. */
  private flush(all: boolean): void {
    while (this.next < this.routes.length && (all || this.waiting.has(this.next))) {
      const html = this.waiting.get(this.next);
      this.waiting.delete(this.next);
      if (html) this.add({ url: this.routes[this.next]!.url, html });
      this.next += 1;
    }
  }

  /** Indexes a page now. */
  add(page: SearchPage): void {
    const adding = this.open().then((index) => index.addHTMLFile({ url: page.url, content: page.html })).then((result) => result.errors.map((error) => `${page.url}: ${error}`));
    // Reported by finish(); a build that fails first never asks.
    adding.catch(() => undefined);
    this.added.push(adding);
  }

  /** The finished index's files, once every page offered is in it. */
  async finish(): Promise<Map<string, Uint8Array>> {
    try {
      this.flush(true);
      const index = await this.open();
      const errors = (await Promise.all(this.added)).flat();
      if (errors.length > 0) throw this.failure(errors);
      const { errors: writeErrors, files } = await index.getFiles();
      if (writeErrors.length > 0) throw this.failure(writeErrors);
      return new Map(files.filter((file) => !unusedFiles.test(file.path)).map((file) => [file.path, file.content]));
    } catch (error) {
      throw error instanceof SiteError ? error : this.failure([], error);
    } finally {
      await this.discard();
    }
  }

  /** Frees what Pagefind holds of the index (a failed build's, too). */
  async discard(): Promise<void> {
    const index = this.index;
    this.index = undefined;
    this.waiting.clear();
    await Promise.allSettled(this.added);
    await index?.then((opened) => opened.deleteIndex()).catch(() => undefined);
  }

  /** The index, created when the first page comes (Pagefind's process starts then). */
  private open(): Promise<pagefind.PagefindIndex> {
    this.index ??= pagefind.createIndex({}).then(({ index, errors }) => {
      if (!index) throw this.failure(errors);
      return index;
    });
    return this.index;
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

/** Indexes `pages` at once (the dev server, which holds every page in memory anyway). */
export async function buildSearchIndex(pages: readonly SearchPage[], definitionFile: string): Promise<Map<string, Uint8Array>> {
  const indexer = new SearchIndexer([], definitionFile);
  for (const page of pages) indexer.add(page);
  return indexer.finish();
}
