import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderedMarkdown } from './render-markdown.ts';
import type { MarkdownReply, MarkdownTask } from './markdown-worker.ts';
import { MarkdownSourceError } from './markdown-source-error.ts';

export interface MarkdownSource {
  markdown: string;
  firstLine: number;
  /** The file the body comes from: a body the pool already read and rendered from it is reused. */
  file?: string;
}

/** Below this many files, starting workers (each loads its own highlighter) costs more than it saves. */
export const workerThreshold = 200;
/** Most files handed to a worker per message: enough to amortise messaging. */
const maxBatchSize = 20;
/**
 * Batches a worker has queued at most. This thread hands out the next batch only between its
 * own tasks, and loading and validating a large blog keeps it busy for a few hundred
 * milliseconds at a time; with two batches queued the workers sat idle meanwhile.
 */
const batchesPerWorker = 8;

interface PoolWorker {
  worker: Worker;
  batches: number;
}

/**
 * Worker threads that render Markdown, one per core, each with its own highlighter. Started
 * early (while content loads) so their start-up overlaps other work; `prefetch` lets them
 * read and render posts before this thread has read them. Used through `prepareMarkdown`
 * (render-all-markdown.ts), which decides when workers pay.
 */
export class MarkdownPool {
  private readonly workers: PoolWorker[];
  private queue: MarkdownTask[] = [];
  private readonly waiting = new Map<number, (reply: MarkdownReply) => void>();
  private readonly prefetched = new Map<string, Promise<MarkdownReply>>();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly failed = new Set<(error: Error) => void>();
  private reusedCount = 0;

  constructor(size: number = defaultPoolSize(), highlightStore?: string) {
    this.workers = Array.from({ length: size }, () => {
      const entry: PoolWorker = { worker: startWorker(highlightStore), batches: 0 };
      entry.worker.on('message', (replies: MarkdownReply[]) => {
        entry.batches -= 1;
        this.feed(entry);
        for (const reply of replies) {
          const deliver = this.waiting.get(reply.id);
          this.waiting.delete(reply.id);
          deliver?.(reply);
        }
      });
      entry.worker.on('error', (error) => this.fail(error));
      return entry;
    });
  }

  /** Bodies `render` took from prefetched files instead of rendering them again. */
  get reused(): number {
    return this.reusedCount;
  }

  /**
   * Reads and renders these files in the workers ahead of the build; `render` takes a result
   * over when the body it is asked for is the one that was rendered.
   */
  prefetch(files: string[]): void {
    const replies = this.submit(files.map((file) => ({ file })));
    files.forEach((file, i) => this.prefetched.set(file, replies[i]!));
  }

  /**
   * Renders every source, calling `onResult` as each finishes so the caller can render pages
   * while the workers go on. The first error (a file that fails to render, or one thrown by
   * `onResult`) rejects the render.
   */
  render(sources: MarkdownSource[], onResult: (index: number, result: RenderedMarkdown) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      let remaining = sources.length;
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        this.failed.delete(fail);
        reject(error);
      };
      const deliver = (index: number, reply: MarkdownReply) => {
        if (settled) return;
        if (reply.error !== undefined) return fail(new MarkdownSourceError(index, reply.error));
        // The caller renders a page here; its error ends the render instead of escaping the
        // worker's message listener as an uncaught exception.
        try {
          onResult(index, reply.result!);
        } catch (error) {
          return fail(error);
        }
        remaining -= 1;
        if (remaining === 0) {
          settled = true;
          this.failed.delete(fail);
          resolve();
        }
      };
      if (remaining === 0) return resolve();
      if (this.failure) return reject(this.failure);
      this.failed.add(fail);
      const fresh: { index: number; source: MarkdownSource }[] = [];
      for (const [index, source] of sources.entries()) {
        const early = source.file === undefined ? undefined : this.prefetched.get(source.file);
        if (!early) {
          fresh.push({ index, source });
          continue;
        }
        this.prefetched.delete(source.file!);
        // A file that changed since the worker read it, or failed there, is rendered again.
        void early.then((reply) => {
          const same = reply.error === undefined && reply.source?.markdown === source.markdown && reply.source.firstLine === source.firstLine;
          if (same) this.reusedCount += 1;
          return same ? reply : this.submit([{ markdown: source.markdown, firstLine: source.firstLine }], true)[0]!;
        }).then((reply) => deliver(index, reply));
      }
      // Longest first: the long files (guides, pages with many code blocks, new fence languages
      // to load) are spread over the workers early, and the run ends on short ones. They go
      // before any prefetched files still queued: the build is waiting for them now.
      fresh.sort((a, b) => b.source.markdown.length - a.source.markdown.length);
      const replies = this.submit(fresh.map(({ source }) => ({ markdown: source.markdown, firstLine: source.firstLine })), true);
      replies.forEach((reply, i) => void reply.then((r) => deliver(fresh[i]!.index, r)));
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  /** Queues tasks (at the front when `urgent`) and resolves each with its worker's reply. */
  private submit(tasks: ({ markdown: string; firstLine: number } | { file: string })[], urgent = false): Promise<MarkdownReply>[] {
    const queued: MarkdownTask[] = [];
    const replies = tasks.map((task) => {
      const id = this.nextId++;
      queued.push({ id, ...task });
      return new Promise<MarkdownReply>((resolve) => this.waiting.set(id, resolve));
    });
    this.queue = urgent ? [...queued, ...this.queue] : [...this.queue, ...queued];
    for (const entry of this.workers) while (entry.batches < batchesPerWorker && this.feed(entry));
    return replies;
  }

  /**
   * Sends a worker its next batch. Batches shrink towards the end of the queue, so that the
   * workers finish together instead of one working through its last batches while the others
   * wait.
   */
  private feed(entry: PoolWorker): boolean {
    if (this.failure || this.queue.length === 0) return false;
    const size = Math.min(maxBatchSize, Math.ceil(this.queue.length / (this.workers.length * 4)));
    entry.worker.postMessage(this.queue.splice(0, size));
    entry.batches += 1;
    return true;
  }

  /** A worker crashed: every render waiting on the pool fails with its error. */
  private fail(error: Error): void {
    this.failure ??= error;
    for (const fail of [...this.failed]) fail(error);
  }
}

/** One worker per core, at most four. */
export function defaultPoolSize(): number {
  return Math.min(os.availableParallelism(), 4);
}

/** Renders Markdown in this thread, in order, calling `onResult` for each. */
export async function renderMarkdownInline(sources: MarkdownSource[], onResult: (index: number, result: RenderedMarkdown) => void, highlightStore?: string): Promise<void> {
  // Imported here: a build that renders in workers never loads the Markdown pipeline itself.
  const [{ renderMarkdown }, { useHighlightStore }] = await Promise.all([import('./render-markdown.ts'), import('./highlight-store.ts')]);
  useHighlightStore(highlightStore);
  for (const [index, source] of sources.entries()) {
    let result: RenderedMarkdown;
    try {
      result = await renderMarkdown(source.markdown, source.firstLine);
    } catch (error) {
      // A stack overflow included: the caller names the file.
      throw new MarkdownSourceError(index, error instanceof Error ? error.message : String(error), error);
    }
    onResult(index, result);
  }
}


/**
 * Markdown rendering allocates many short-lived objects; a larger young generation means fewer
 * scavenges, but each worker keeps all of it resident. At 96 MB a 1,000-post build peaked at
 * 560-630 MB; at 24 MB (with bin.js's heap growing limit) at 370-390 MB, for about 5% more CPU
 * (`npm run bench:peers`, cold row, alternated runs).
 */
const workerLimits = { resourceLimits: { maxYoungGenerationSizeMb: 24 } };

function startWorker(highlightStore: string | undefined): Worker {
  const options = { ...workerLimits, workerData: { highlightStore } };
  // Under the bundled CLI this module sits beside markdown-worker.js; under tsx (tests) the
  // worker is the TypeScript source and needs the same loader.
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./markdown-worker.js', import.meta.url), options);
  const source = new URL('./markdown-worker.ts', import.meta.url).href;
  const loader = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, { eval: true, ...options });
}
