// A worker thread that renders Markdown with its own highlighter, for large builds.
import { parentPort, workerData } from 'node:worker_threads';
import type { BundledTheme } from 'shiki';
import type { SharedCache } from '../../cache/cache.ts';
import { useCodeTheme } from './code-theme.ts';
import { useHighlightStore } from './highlight-store.ts';
import { renderMarkdown, type RenderedMarkdown } from './render-markdown.ts';
import { getSharedHighlighter } from './shared-highlighter.ts';

/** A body to render. */
export interface MarkdownTask {
  id: number;
  markdown: string;
  firstLine: number;
}

export interface MarkdownReply {
  id: number;
  result?: RenderedMarkdown;
  error?: string;
}

const options = workerData as { cache?: SharedCache; theme?: BundledTheme } | null;
useHighlightStore(options?.cache);
useCodeTheme(options?.theme);

// Grammars and themes load as soon as the worker starts, before the first batch arrives.
void getSharedHighlighter();

parentPort?.on('message', async (tasks: MarkdownTask[]) => {
  const replies: MarkdownReply[] = [];
  for (const task of tasks) {
    try {
      replies.push({ id: task.id, result: await renderMarkdown(task.markdown, task.firstLine) });
    } catch (error) {
      replies.push({ id: task.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  parentPort!.postMessage(replies);
});
