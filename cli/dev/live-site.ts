import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { collectSiteErrors, formatBodyWarnings, formatSiteErrors } from '../errors.ts';
import { onlyStyles, type ChangeSet } from './classify.ts';
import type { DevOutput, RenderedPages } from './incremental-build.ts';
import { LiveReloadHub, liveReloadScript } from './live-reload.ts';
import { createMemoryHandler, type RenderedAhead } from './memory-site.ts';

/** What one rebuild did, for the terminal and for benchmarks. */
export interface RebuildReport {
  ok: boolean;
  ms: number;
  rendered: number;
  event: 'reload' | 'css' | 'none' | 'error';
}

/**
 * The site the dev server shows: the last good output, the error of a failed rebuild (shown
 * over it), and the open pages, told to reload or swap styles after each rebuild.
 */
export class LiveSite {
  readonly hub = new LiveReloadHub();
  private files = new Map<string, string | Uint8Array>();
  /** The output whose files are served. */
  private published: DevOutput | undefined;
  private errorText: string | undefined;
  /** The content warnings of each page's Markdown bodies, as the overlay shows them, by the page's file. */
  private warningTexts = new Map<string, string>();
  /** The pages of a rebuild that is still making its other files, served ahead of them. */
  private ahead: RenderedAhead | undefined;
  // A replacer function, so that $` or $' in an error text is inserted as written.
  private readonly serveFiles = createMemoryHandler(
    () => this.files,
    (html, file) =>
      html.replace('</body>', () => `${liveReloadScript(this.errorText, this.warningTexts.get(file))}</body>`),
    () => this.ahead,
  );

  constructor(
    private readonly root: string,
    private readonly logError: (text: string) => void,
  ) {}

  /** A file of the output served now, if it has one. */
  file(name: string): string | Uint8Array | undefined {
    return this.files.get(name);
  }

  /** Answers a request for a page or file of the site; 503 with the error until a first build succeeds. */
  serve(request: IncomingMessage, response: ServerResponse): void | Promise<void> {
    if (this.files.size > 0) return this.serveFiles(request, response);
    response
      .writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '1' })
      .end(
        `<!DOCTYPE html><html lang="en"><title>Build failed</title><body><main><h1>The site has not built yet</h1></main>${liveReloadScript(this.errorText)}</body></html>`,
      );
  }

  /** Shows a failed rebuild's error in the terminal and over every open page; the last good pages stay. */
  fail(error: unknown): RebuildReport {
    this.ahead = undefined;
    const siteErrors = collectSiteErrors(error);
    this.errorText = siteErrors
      ? formatSiteErrors(siteErrors, this.root)
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
    this.logError(this.errorText);
    this.hub.broadcast({ type: 'build-error', text: this.errorText });
    return { ok: false, ms: 0, rendered: 0, event: 'error' };
  }

  /**
   * Serves the search index `output` waits for over the last one, once Pagefind has made it,
   * while `output` is still the one served (a later edit brings its own). Open pages are not
   * reloaded: a search typed after that finds the new words. The last index's files stay
   * beside the new ones until the next rebuild: their names carry a hash of their contents, so
   * a page that began searching the last index finds the rest of it. A failure shows as a
   * failed rebuild does.
   */
  followSearchIndex(output: DevOutput): void {
    output.searchIndex?.then(
      (index) => {
        if (this.published !== output) return;
        this.files = new Map([...this.files, ...index]);
      },
      (error: unknown) => {
        if (this.published === output) this.fail(error);
      },
    );
  }

  /**
   * Serves a rebuild's pages as soon as they are rendered, and reloads open pages when one of them
   * changed, before the rebuild makes its pictures, site files and search index: a request for
   * one of those waits until `done` (the rebuild published or failed). Returns whether open
   * pages were told to reload. A change of styles alone is left to `publish`, which swaps them.
   */
  showPages(pages: RenderedPages, changes: ChangeSet, done: Promise<void>): boolean {
    if (onlyStyles(changes) && this.errorText === undefined) return false;
    const changed = [...pages.files].some(([file, contents]) => !sameContents(this.files.get(file), contents));
    if (!changed && this.errorText === undefined) return false;
    this.ahead = { files: pages.files, done };
    this.warningTexts = warningTextsOf(pages, this.root);
    this.errorText = undefined;
    this.hub.broadcast({ type: 'reload' });
    return true;
  }

  /**
   * Publishes a new output and tells open pages what changed, unless `reloaded`: `showPages`
   * told them already.
   */
  publish(output: DevOutput, changes: ChangeSet | undefined, start: number, reloaded = false): RebuildReport {
    // Whether anything changed, not what: the first difference settles it (after an edit, its page).
    const changed =
      output.files.size !== this.files.size ||
      [...output.files].some(([file, contents]) => !sameContents(this.files.get(file), contents));
    this.files = output.files;
    this.published = output;
    this.ahead = undefined;
    this.warningTexts = warningTextsOf(output, this.root);
    const hadError = this.errorText !== undefined;
    this.errorText = undefined;
    let event: RebuildReport['event'] = 'none';
    if (reloaded) {
      event = 'reload';
    } else if (changes && onlyStyles(changes) && !hadError) {
      this.hub.broadcast({ type: 'css', href: output.bundle.stylesheet });
      event = 'css';
    } else if (changed || hadError) {
      this.hub.broadcast({ type: 'reload' });
      event = 'reload';
    }
    return { ok: true, ms: performance.now() - start, rendered: output.rendered, event };
  }
}

/** The content warnings of each page's Markdown bodies as the overlay shows them, by the page's file. */
function warningTextsOf(output: Pick<DevOutput, 'pageWarnings'>, root: string): Map<string, string> {
  return new Map([...output.pageWarnings].map(([file, warnings]) => [file, formatBodyWarnings(warnings, root)]));
}

/**
 * Whether a file's contents are unchanged. A file an edit did not touch is usually the very value
 * served before (a picture or page kept in memory), so that is asked first; bytes are compared in
 * place, never copied.
 */
function sameContents(a: string | Uint8Array | undefined, b: string | Uint8Array): boolean {
  if (a === b) return true;
  if (a === undefined) return false;
  if (typeof a === 'string' || typeof b === 'string') return String(a) === String(b);
  return Buffer.compare(a, b) === 0;
}
