// The one entry point of Markdown rendering: each body comes from the cache when it holds it;
// the rest are rendered in this thread, or in worker threads when there are many.
import type { BundledTheme } from 'shiki';
import type { Cache, SharedCache } from '../../cache/cache.ts';
import { cacheKey } from '../../cache/cache.ts';
import { SiteError, SiteErrorList } from '../../errors.ts';
import { defaultCodeTheme, useCodeTheme } from './code-theme.ts';
import { pipelineSalt } from './pipeline-salt.ts';
import type { RenderedMarkdown } from './render-markdown.ts';
import { MarkdownSourceError, renderInWorkers, workerThreshold } from './worker-pool.ts';

/** A Markdown body to render: the file it comes from and the line it starts on. */
export interface MarkdownBody {
  file: string;
  body: string;
  bodyLine: number;
}

export interface RenderBodiesOptions {
  cache: Cache;
  /** Most threads that may render at once (default: one per core, at most four). */
  threads?: number;
  /** Called with each body as soon as it is ready, so pages can render while the rest go on. */
  onBody?: (file: string, rendered: RenderedMarkdown) => void;
  /**
   * The Shiki theme code blocks are highlighted with (`theme` in the site's `markdown`); github-dark-default by
   * default.
   */
  theme?: BundledTheme;
}

/**
 * Renders every body and resolves with them by file; with `onBody`, which takes each as it comes,
 * with none, so that nothing holds every body of a large site until the last is done. A body with
 * problems (an unsafe URL, a missing alt text) still renders, so every problem of the run is
 * reported at once: the run then rejects with all of them, each at its file and line.
 */
export async function renderBodies(
  bodies: MarkdownBody[],
  options: RenderBodiesOptions,
): Promise<Map<string, RenderedMarkdown>> {
  const { cache, onBody } = options;
  const theme = options.theme ?? defaultCodeTheme;
  const rendered = new Map<string, RenderedMarkdown>();
  const problems: SiteError[] = [];
  const done = (body: MarkdownBody, result: RenderedMarkdown) => {
    if (!onBody) rendered.set(body.file, result);
    for (const problem of result.problems ?? []) problems.push(new SiteError({ ...problem, file: body.file }));
    onBody?.(body.file, result);
  };
  const missing: { body: MarkdownBody; key: string }[] = [];
  for (const body of bodies) {
    const key = cacheKey(pipelineSalt(theme), body.bodyLine, body.body);
    const cached = cache.getJson('markdown', key, isRendered);
    if (cached) done(body, cached);
    else missing.push({ body, key });
  }
  const finish = (index: number, result: RenderedMarkdown) => {
    cache.putJson('markdown', missing[index]!.key, result);
    done(missing[index]!.body, result);
  };
  try {
    if (missing.length >= workerThreshold) {
      await renderInWorkers(
        missing.map(({ body }) => ({ markdown: body.body, firstLine: body.bodyLine })),
        finish,
        { threads: options.threads, cache: cache.shared, theme },
      );
    } else {
      await renderHere(
        missing.map(({ body }) => body),
        finish,
        cache.shared,
        theme,
      );
    }
  } catch (error) {
    if (!(error instanceof MarkdownSourceError)) throw error;
    throw new SiteError({
      code: 'markdown.render-failed',
      message: `Markdown could not be rendered: ${error.message}`,
      file: missing[error.index]!.body.file,
      cause: error,
    });
  }
  if (problems.length > 0) throw new SiteErrorList(problems);
  return rendered;
}

/** Renders bodies in this thread, in order. */
async function renderHere(
  bodies: MarkdownBody[],
  onResult: (index: number, result: RenderedMarkdown) => void,
  shared: SharedCache,
  theme: BundledTheme,
): Promise<void> {
  if (bodies.length === 0) return;
  // Imported here: a build whose bodies all come from the cache never loads the pipeline.
  const [{ renderMarkdown }, { useHighlightStore }] = await Promise.all([
    import('./render-markdown.ts'),
    import('./highlight-store.ts'),
  ]);
  useHighlightStore(shared);
  useCodeTheme(theme);
  for (const [index, body] of bodies.entries()) {
    let result: RenderedMarkdown;
    try {
      result = await renderMarkdown(body.body, body.bodyLine);
    } catch (error) {
      // A stack overflow included: the caller names the file.
      throw new MarkdownSourceError(index, error instanceof Error ? error.message : String(error), error);
    }
    onResult(index, result);
  }
}

/** A cached body of the expected shape (the cache verifies its bytes; this, what they hold). */
function isRendered(value: unknown): value is RenderedMarkdown {
  const body = value as Partial<RenderedMarkdown> | null;
  return typeof body?.html === 'string' && Array.isArray(body.links) && Array.isArray(body.headings);
}
