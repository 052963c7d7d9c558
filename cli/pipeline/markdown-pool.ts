import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { RenderedMarkdown } from './markdown.ts';
import type { MarkdownTask } from './markdown-worker.ts';

export interface MarkdownSource {
  markdown: string;
  firstLine: number;
}

/** Below this many files, starting workers (each loads its own highlighter) costs more than it saves. */
export const workerThreshold = 200;
/** Most files handed to a worker per message: enough to amortise messaging. */
const maxBatchSize = 20;

type Result = { index: number; result?: RenderedMarkdown; error?: string };

/**
 * Worker threads that render Markdown, one per core, each with its own highlighter. Started
 * early (while content loads) so their start-up overlaps other work.
 */
export class MarkdownPool {
  private readonly workers: Worker[];

  constructor(size = defaultPoolSize()) {
    this.workers = Array.from({ length: size }, startWorker);
  }

  /**
   * Renders every source, calling `onResult` as each finishes so the caller can render pages
   * while the workers go on. Each worker keeps two batches queued so it never waits on this thread.
   */
  render(sources: MarkdownSource[], onResult: (index: number, result: RenderedMarkdown) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      // Longest first: the long files (guides, pages with many code blocks, new fence languages
      // to load) are spread over the workers early, and the run ends on short ones.
      const tasks: MarkdownTask[] = sources.map((source, index) => ({ index, ...source })).sort((a, b) => b.markdown.length - a.markdown.length);
      let next = 0;
      let remaining = tasks.length;
      let failed = false;
      const fail = (error: unknown) => {
        failed = true;
        reject(error);
      };
      if (remaining === 0) return resolve();
      // Batches shrink towards the end, so that the workers finish together instead of one
      // working through its last queued batches while the others wait.
      const feed = (worker: Worker) => {
        if (failed || next >= tasks.length) return;
        const size = Math.min(maxBatchSize, Math.ceil((tasks.length - next) / (this.workers.length * 4)));
        worker.postMessage(tasks.slice(next, next + size));
        next += size;
      };
      for (const worker of this.workers) {
        worker.removeAllListeners('message').removeAllListeners('error');
        worker.on('message', (done: Result[]) => {
          if (failed) return;
          feed(worker);
          for (const item of done) {
            if (item.error !== undefined) return fail(new Error(item.error));
            // The caller renders a page here; its error ends the render instead of escaping
            // this listener as an uncaught exception.
            try {
              onResult(item.index, item.result!);
            } catch (error) {
              return fail(error);
            }
            remaining -= 1;
          }
          if (remaining === 0) resolve();
        });
        worker.on('error', fail);
        feed(worker);
        feed(worker);
      }
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** One worker per core, at most four. */
export function defaultPoolSize(): number {
  return Number(process.env.SITEGEN_MARKDOWN_WORKERS) || Math.min(os.availableParallelism(), 4);
}

/**
 * Starts the workers for a build before anything else loads, when `postsDir` holds enough posts
 * and no Markdown cache exists that could spare the work. Each worker takes a good part of a
 * second to load its modules and highlighter; started first, that overlaps this thread loading
 * the pipeline and the content. (With a cache file, the build decides once it has read it.)
 */
export function startMarkdownPoolEarly(postsDir: string, cacheFile: string | undefined): MarkdownPool | undefined {
  if (cacheFile && existsSync(cacheFile)) return undefined;
  let posts: string[];
  try {
    posts = readdirSync(postsDir);
  } catch {
    return undefined;
  }
  return posts.length >= workerThreshold ? new MarkdownPool() : undefined;
}

/** Renders Markdown in this thread, in order, calling `onResult` for each. */
export async function renderMarkdownInline(sources: MarkdownSource[], onResult: (index: number, result: RenderedMarkdown) => void): Promise<void> {
  // Imported here: a build that renders in workers never loads the Markdown pipeline itself.
  const { renderMarkdown } = await import('./markdown.ts');
  for (const [index, source] of sources.entries()) onResult(index, await renderMarkdown(source.markdown, source.firstLine));
}

/**
 * Markdown rendering allocates many short-lived objects; a larger young generation means far
 * fewer scavenges (measured: about a tenth of a worker's time went to GC at the default).
 */
const workerLimits = { resourceLimits: { maxYoungGenerationSizeMb: 96 } };

function startWorker(): Worker {
  // Under the bundled CLI this module sits beside markdown-worker.js; under tsx (tests) the
  // worker is the TypeScript source and needs the same loader.
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./markdown-worker.js', import.meta.url), workerLimits);
  const source = new URL('./markdown-worker.ts', import.meta.url).href;
  const loader = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, { eval: true, ...workerLimits });
}
