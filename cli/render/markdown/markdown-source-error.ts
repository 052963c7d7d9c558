// Shared by the worker pool, which raises it, and the run, which names the file it was rendering.
/** Rendering the source at `index` threw (in this thread or in a worker), as opposed to the caller's `onResult`. */
export class MarkdownSourceError extends Error {
  constructor(readonly index: number, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'MarkdownSourceError';
  }
}
