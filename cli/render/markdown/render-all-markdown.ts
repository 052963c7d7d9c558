// The one entry point of Markdown rendering: it alone decides whether bodies come from the
// cache, are rendered in this thread or in worker threads, and whether workers start early and
// read the posts ahead of the build.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { contentFolder } from '../../project-layout.ts';
import { MarkdownCache } from './markdown-cache.ts';
import type { RenderedMarkdown } from './render-markdown.ts';
import { SiteError, SiteErrorList } from '../../errors.ts';
import { MarkdownSourceError } from './markdown-source-error.ts';
import { MarkdownPool, renderMarkdownInline, workerThreshold, type MarkdownSource } from './worker-pool.ts';

export interface MarkdownOptions {
  /** Keep rendered Markdown between runs in this file; without it the cache lives in memory only. */
  cacheFile?: string;
  /** Most threads that may render Markdown at once (default: one per core, at most four). */
  threads?: number;
  /**
   * Keep each highlighted code block in this folder (highlight-store.ts), so a body whose code
   * is unchanged renders without starting Shiki; none by default.
   */
  highlightStore?: string;
}

/** A Markdown body to render: the file it comes from and the line it starts on. */
export interface MarkdownBody {
  file: string;
  body: string;
  bodyLine: number;
}

/** Bodies being rendered, handed over as each is ready. */
export interface MarkdownRun {
  /** Every body rendered so far, by file; the page renderer reads them here. */
  readonly bodies: ReadonlyMap<string, RenderedMarkdown>;
  /**
   * Calls `onBody` for each body as it is ready (at once for those already ready) and resolves
   * with all of them; the first failure, `onBody`'s included, rejects it.
   */
  consume(onBody: (file: string) => void): Promise<Map<string, RenderedMarkdown>>;
}

/** What a run did, for tests and benchmarks. */
export interface MarkdownStats {
  /** Worker threads started before any body was asked for (a large build with little cached). */
  startedEarly: boolean;
  cached: number;
  rendered: number;
  /** Bodies taken from the workers that read the posts ahead of the build. */
  prefetched: number;
}

/** Renders the Markdown of one build, or of every rebuild of a dev session. */
export interface MarkdownRenderer {
  /** Starts rendering these bodies; each unchanged one since the last run comes from the cache. */
  renderAll(sources: MarkdownBody[]): MarkdownRun;
  /** Loads the highlighter now, so that a later render of a changed body need not wait for it. */
  warmUp(): void;
  /** Stores the cache (when it has a file) for the next run. */
  save(): Promise<void>;
  /** Stops any worker threads, those of a run still going included (its build failed). */
  close(): Promise<void>;
  stats(): MarkdownStats;
}

/**
 * Prepares rendering the Markdown under `contentDir`. Call it first: for a large blog with
 * nothing cached, worker threads start now and read the posts themselves, so that their
 * start-up (a good part of a second each) overlaps the build loading its modules and content.
 */
export function prepareMarkdown(contentDir: string, options: MarkdownOptions = {}): MarkdownRenderer {
  return new PreparedMarkdown(contentFolder(contentDir, 'posts'), options);
}

class PreparedMarkdown implements MarkdownRenderer {
  /** Workers waiting for the first run. */
  private pool: MarkdownPool | undefined;
  /** Workers of runs still going. */
  private readonly running = new Set<MarkdownPool>();
  private readonly counts: MarkdownStats = { startedEarly: false, cached: 0, rendered: 0, prefetched: 0 };
  private readonly cacheReady: Promise<MarkdownCache>;

  constructor(postsDir: string, private readonly options: MarkdownOptions) {
    const posts = listPosts(postsDir);
    // With a cache file, the decision waits until the cache is read.
    if (!(options.cacheFile && existsSync(options.cacheFile)) && posts.length >= workerThreshold) {
      this.pool = new MarkdownPool(options.threads, options.highlightStore);
      this.pool.prefetch(posts.map((name) => path.join(postsDir, name)));
      this.counts.startedEarly = true;
    }
    this.cacheReady = MarkdownCache.open(options.cacheFile).then((cache) => {
      if (!this.pool && posts.length >= workerThreshold && cache.size < posts.length / 2) this.pool = new MarkdownPool(options.threads, options.highlightStore);
      // Without workers this thread renders what the cache lacks: its highlighter loads meanwhile.
      if (!this.pool && cache.size <= posts.length && !options.highlightStore) this.warmUp();
      return cache;
    });
  }

  renderAll(sources: MarkdownBody[]): MarkdownRun {
    return startRun((onResult) => this.render(sources, onResult));
  }

  warmUp(): void {
    void import('./render-markdown.ts').then((markdown) => markdown.getSharedHighlighter()).catch(() => undefined);
  }

  async save(): Promise<void> {
    await (await this.cacheReady).save();
  }

  async close(): Promise<void> {
    // The cache being read may still decide to start workers.
    await this.cacheReady.catch(() => undefined);
    await Promise.all([...this.running, ...(this.pool ? [this.pool] : [])].map((workers) => workers.close()));
    this.pool = undefined;
  }

  stats(): MarkdownStats {
    return { ...this.counts };
  }

  /** Renders each body whose text changed since it was cached; the rest come from the cache. */
  private async render(sources: MarkdownBody[], report: (file: string, result: RenderedMarkdown) => void): Promise<void> {
    // A body with problems still renders (without what was refused) so every problem of the run
    // is reported at once; the run then fails. Problems are part of the result, so a body from
    // the cache or from a worker reports them as well.
    const problems: SiteError[] = [];
    const onResult = (file: string, result: RenderedMarkdown) => {
      for (const problem of result.problems ?? []) problems.push(new SiteError({ ...problem, file }));
      report(file, result);
    };
    await this.renderEach(sources, onResult);
    if (problems.length > 0) throw new SiteErrorList(problems);
  }

  private async renderEach(sources: MarkdownBody[], onResult: (file: string, result: RenderedMarkdown) => void): Promise<void> {
    const cache = await this.cacheReady;
    const missing: (MarkdownSource & { file: string; key: string })[] = [];
    for (const source of sources) {
      const key = cache.key(source.body, source.bodyLine);
      const cached = cache.get(key);
      if (cached) onResult(source.file, cached);
      else missing.push({ markdown: source.body, firstLine: source.bodyLine, file: source.file, key });
    }
    this.counts.cached += sources.length - missing.length;
    this.counts.rendered += missing.length;
    const done = (index: number, result: RenderedMarkdown) => {
      cache.set(missing[index]!.key, result);
      onResult(missing[index]!.file, result);
    };
    // Workers serve one large run (the first build); later runs (dev) render the few changed
    // bodies here, unless an edit brought enough new ones to pay for starting workers again.
    const workers = this.pool ?? (missing.length >= workerThreshold ? new MarkdownPool(this.options.threads, this.options.highlightStore) : undefined);
    this.pool = undefined;
    const named = (error: unknown) => {
      if (!(error instanceof MarkdownSourceError)) return error;
      return new SiteError({ code: 'markdown.render-failed', message: `Markdown could not be rendered: ${error.message}`, file: missing[error.index]!.file, cause: error });
    };
    if (!workers) return renderMarkdownInline(missing, done, this.options.highlightStore).catch((error: unknown) => Promise.reject(named(error)));
    this.running.add(workers);
    try {
      await workers.render(missing, done).catch((error: unknown) => Promise.reject(named(error)));
      this.counts.prefetched += workers.reused;
    } finally {
      this.running.delete(workers);
      await workers.close();
    }
  }
}

/** Wraps a render that reports each result into a run whose results can be consumed later. */
function startRun(render: (onResult: (file: string, result: RenderedMarkdown) => void) => Promise<void>): MarkdownRun {
  const bodies = new Map<string, RenderedMarkdown>();
  let onBody: ((file: string) => void) | undefined;
  const done = render((file, result) => {
    bodies.set(file, result);
    onBody?.(file);
  });
  // Awaited by `consume`; a failure before then must not go unhandled.
  done.catch(() => undefined);
  return {
    bodies,
    consume: async (callback) => {
      for (const file of bodies.keys()) callback(file);
      onBody = callback;
      await done;
      return bodies;
    },
  };
}

/** The post files of the blog, sorted; none when the folder is missing. */
function listPosts(postsDir: string): string[] {
  try {
    return readdirSync(postsDir).filter((name) => name.endsWith('.md')).sort();
  } catch {
    return [];
  }
}
