// A worker thread that renders Markdown with its own highlighter, for large builds.
import { parentPort } from 'node:worker_threads';
import { getSharedHighlighter, renderMarkdown } from './markdown.ts';

export interface MarkdownTask {
  index: number;
  markdown: string;
  firstLine: number;
}

// Grammars and themes load as soon as the worker starts, before the first batch arrives.
void getSharedHighlighter();

parentPort?.on('message', async (tasks: MarkdownTask[]) => {
  const results = [];
  for (const task of tasks) {
    try {
      results.push({ index: task.index, result: await renderMarkdown(task.markdown, task.firstLine) });
    } catch (error) {
      results.push({ index: task.index, error: error instanceof Error ? error.message : String(error) });
    }
  }
  parentPort!.postMessage(results);
});
