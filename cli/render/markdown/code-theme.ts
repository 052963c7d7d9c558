/**
 * The Shiki theme code blocks are highlighted with: `theme` in the site's `markdown`, set for each
 * thread that renders Markdown (render-bodies.ts, markdown-worker.ts). Its own module so that
 * the Markdown cache can name it in its key without loading the Markdown pipeline.
 */
import type { BundledTheme } from 'shiki';

/** The theme of a site whose definition names none. */
export const defaultCodeTheme: BundledTheme = 'github-dark-default';

let theme: BundledTheme = defaultCodeTheme;

/** Highlights this thread's code blocks with `name` from now on. */
export function useCodeTheme(name: BundledTheme = defaultCodeTheme): void {
  theme = name;
}

/** The theme this thread highlights with. */
export function codeTheme(): BundledTheme {
  return theme;
}
