// Highlighted code blocks kept in the cache (its `highlight` table), one entry per block.
// Editing a post's prose leaves its code blocks as they were: with their markup kept, rendering
// the edited body does not need Shiki at all, whose start (highlighter, regex engine, grammars)
// is the slowest part of a one-post rebuild.
import { Cache, cacheKey, type SharedCache } from '../../cache/cache.ts';
import { pipelineSalt } from './pipeline-salt.ts';

/** A block's highlighted lines (the inside of its `<code>`) and the theme's colours for its `<pre>`. */
export interface HighlightedCode {
  html: string;
  fg: string;
  bg: string;
}

let cache = new Cache(undefined);

/**
 * The cache this thread keeps highlighted blocks in, as the build's thread shared it; one that keeps nothing by
 * default.
 */
export function useHighlightStore(shared: SharedCache | undefined): void {
  cache = Cache.opened(shared);
}

function keyOf(lang: string, code: string): string {
  return cacheKey(pipelineSalt(), lang, code);
}

const isHighlighted = (value: unknown): value is HighlightedCode => {
  const entry = value as Partial<HighlightedCode> | null;
  return typeof entry?.html === 'string' && typeof entry.fg === 'string' && typeof entry.bg === 'string';
};

/** The kept markup of a block in `lang`, when there is a sound entry for it. */
export function storedHighlight(lang: string, code: string): HighlightedCode | undefined {
  if (!cache.enabled) return undefined;
  const entry = cache.getJson('highlight', keyOf(lang, code), isHighlighted);
  return entry && { html: entry.html, fg: entry.fg, bg: entry.bg };
}

/** Keeps a block's markup for later runs. */
export function storeHighlight(lang: string, code: string, highlighted: HighlightedCode): void {
  if (cache.enabled) cache.putJson('highlight', keyOf(lang, code), highlighted);
}
