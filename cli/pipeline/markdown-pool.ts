import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { renderMarkdown, type RenderedMarkdown } from './markdown.ts';
import type { MarkdownTask } from './markdown-worker.ts';

export interface MarkdownSource {
  markdown: string;
  firstLine: number;
}

/** Below this many files, starting workers (each loads its own highlighter) costs more than it saves. */
const workerThreshold = 200;
/** Files handed to a worker per message: enough to amortise messaging, small enough to balance. */
const batchSize = 25;

/**
 * Renders many Markdown files. Small sets render in this thread; large ones are shared among
 * one worker per core, each with its own highlighter, fed batch by batch as they finish.
 */
export async function renderMarkdownBatch(sources: MarkdownSource[], options: { workers?: number } = {}): Promise<RenderedMarkdown[]> {
  const workerCount = options.workers ?? (Number(process.env.SITEGEN_MARKDOWN_WORKERS) || Math.min(os.availableParallelism(), 4));
  if (sources.length < workerThreshold || workerCount < 2) {
    const results: RenderedMarkdown[] = [];
    for (const source of sources) results.push(await renderMarkdown(source.markdown, source.firstLine));
    return results;
  }
  const tasks: MarkdownTask[] = sources.map((source, index) => ({ index, ...source }));
  const results = new Array<RenderedMarkdown>(sources.length);
  let next = 0;
  const runWorker = () => new Promise<void>((resolve, reject) => {
    const worker = startWorker();
    const feed = () => {
      if (next >= tasks.length) {
        void worker.terminate().then(() => resolve());
        return;
      }
      worker.postMessage(tasks.slice(next, next + batchSize));
      next += batchSize;
    };
    worker.on('message', (done: { index: number; result?: RenderedMarkdown; error?: string }[]) => {
      for (const item of done) {
        if (item.error !== undefined) {
          void worker.terminate();
          reject(new Error(item.error));
          return;
        }
        results[item.index] = item.result!;
      }
      feed();
    });
    worker.on('error', reject);
    feed();
  });
  await Promise.all(Array.from({ length: workerCount }, runWorker));
  return results;
}

function startWorker(): Worker {
  // Under the bundled CLI this module sits beside markdown-worker.js; under tsx (tests) the
  // worker is the TypeScript source and needs the same loader.
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./markdown-worker.js', import.meta.url));
  const source = new URL('./markdown-worker.ts', import.meta.url).href;
  const loader = import.meta.resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`, { eval: true });
}
