// A worker thread that renders Markdown with its own highlighter, for large builds.
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { splitBody } from '../../load/front-matter.ts';
import { inputLimits } from '../../load/input-limits.ts';
import { ContentFiles } from '../../load/read-content-file.ts';
import { useHighlightStore } from './highlight-store.ts';
import { getSharedHighlighter, renderMarkdown, type RenderedMarkdown } from './render-markdown.ts';

/** A body to render, or a file to read and render the body of (before the build has read it). */
export type MarkdownTask = { id: number; markdown: string; firstLine: number } | { id: number; file: string };

export interface MarkdownReply {
  id: number;
  result?: RenderedMarkdown;
  /** For a file task: the body that was rendered, so the build can check it read the same. */
  source?: { markdown: string; firstLine: number };
  error?: string;
}

useHighlightStore((workerData as { highlightStore?: string } | null)?.highlightStore);

// Grammars and themes load as soon as the worker starts, before the first batch arrives.
void getSharedHighlighter();

/** One guarded reader per folder, so its real path is resolved once, not once per file. */
const readers = new Map<string, ContentFiles>();
function readerFor(folder: string): ContentFiles {
  let reader = readers.get(folder);
  if (!reader) readers.set(folder, (reader = new ContentFiles(folder)));
  return reader;
}

async function run(task: MarkdownTask): Promise<MarkdownReply> {
  try {
    if ('file' in task) {
      // Read synchronously: this thread has nothing else to do meanwhile, and a promise-based
      // read costs several hops through the event loop per file. Read with the loader's guards
      // (only a regular file in its folder, under the size limit: a FIFO would block this
      // thread for good), and split where the loader splits it (the loader parses the front
      // matter), so the build can tell whether it read the same body; anything refused here is
      // read and reported by the loader.
      const text = readerFor(path.dirname(task.file)).readText(task.file, inputLimits.markdownBytes);
      const { body, bodyLine } = splitBody(text);
      return { id: task.id, result: await renderMarkdown(body, bodyLine), source: { markdown: body, firstLine: bodyLine } };
    }
    return { id: task.id, result: await renderMarkdown(task.markdown, task.firstLine) };
  } catch (error) {
    return { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
}

parentPort?.on('message', async (tasks: MarkdownTask[]) => {
  const replies: MarkdownReply[] = [];
  for (const task of tasks) replies.push(await run(task));
  parentPort!.postMessage(replies);
});
