import { Worker } from 'node:worker_threads';
import type { BundledTheme } from 'shiki';
import type { SharedCache } from '../../cache/cache.ts';
import { concurrency } from '../../shared/concurrency.ts';
import type { MarkdownReply, MarkdownTask } from './markdown-worker.ts';
import type { RenderedMarkdown } from './render-markdown.ts';

/** Below this many bodies, starting workers (each loads its own highlighter) costs more than it saves. */
export const workerThreshold = 200;
/** Most bodies handed to a worker per message: enough to amortise messaging. */
const maxBatchSize = 20;
/** Batches a worker has queued at most, so it never waits for this thread to hand it more. */
const batchesPerWorker = 8;

/**
 * Markdown rendering allocates many short-lived objects; a larger young generation means fewer
 * scavenges, but each worker keeps all of it resident.
 */
const workerLimits = { resourceLimits: { maxYoungGenerationSizeMb: 24 } };

/** One worker per core, at most four (cli/shared/concurrency.ts). */
export function defaultPoolSize(): number {
  return concurrency.markdownWorkers();
}

/**
 * Renders bodies in worker threads, each with its own highlighter, calling `onResult` with each
 * body's index as it is ready; the first failure (a body that throws, a worker that dies, or
 * `onResult` itself) rejects. The workers end with the run.
 */
export async function renderInWorkers(
  sources: { markdown: string; firstLine: number }[],
  onResult: (index: number, result: RenderedMarkdown) => void,
  options: { threads?: number; cache?: SharedCache; theme?: BundledTheme } = {},
): Promise<void> {
  if (sources.length === 0) return;
  // In the caller's order, which is the order their pages are taken in (for search, route order):
  // a body done long before those ahead of it would hold its page in memory until they are.
  const queue: MarkdownTask[] = sources.map((source, id) => ({ id, ...source }));
  const workers = Array.from({ length: Math.min(options.threads ?? defaultPoolSize(), sources.length) }, () =>
    startWorker(options.cache, options.theme),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      let remaining = sources.length;
      const pending = new Map<Worker, number>();
      const feed = (worker: Worker) => {
        while ((pending.get(worker) ?? 0) < batchesPerWorker && queue.length > 0) {
          // Batches shrink towards the end of the queue, so that the workers finish together.
          const size = Math.min(maxBatchSize, Math.ceil(queue.length / (workers.length * 4)));
          worker.postMessage(queue.splice(0, size));
          pending.set(worker, (pending.get(worker) ?? 0) + 1);
        }
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('message', (replies: MarkdownReply[]) => {
          pending.set(worker, pending.get(worker)! - 1);
          feed(worker);
          try {
            for (const reply of replies) {
              if (reply.error !== undefined) throw new MarkdownSourceError(reply.id, reply.error);
              onResult(reply.id, reply.result!);
              remaining -= 1;
            }
          } catch (error) {
            reject(error);
            return;
          }
          if (remaining === 0) resolve();
        });
        feed(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** Rendering the source at `index` threw (in a worker or in this thread), as opposed to the caller's `onResult`. */
export class MarkdownSourceError extends Error {
  constructor(
    readonly index: number,
    message: string,
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'MarkdownSourceError';
  }
}

function startWorker(cache: SharedCache | undefined, theme: BundledTheme | undefined): Worker {
  const options = { ...workerLimits, workerData: { cache, theme } };
  // Compiled, this module sits beside markdown-worker.js (lib/); run from the TypeScript sources
  // (the tests), the worker is the TypeScript source and needs the same loader.
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./markdown-worker.js', import.meta.url), options);
  const source = new URL('./markdown-worker.ts', import.meta.url).href;
  const loader = import.meta.resolve('tsx/esm/api');
  return new Worker(
    `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`,
    { eval: true, ...options },
  );
}
