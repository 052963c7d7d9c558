// Highlighted code blocks kept between builds, one small file per block. Editing a post's prose
// leaves its code blocks as they were: with their markup stored, rendering the edited body does
// not need Shiki at all, whose start (highlighter, regex engine, grammars) costs about 0.6 s of a
// one-post rebuild. The store is checked, never trusted for more than a cache: an entry is used
// only when it names the very key it is stored under and has the expected shape; anything else
// is highlighted afresh and stored again.
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipelineSalt } from './markdown-cache.ts';

/** A block's highlighted lines (the inside of its `<code>`) and the theme's colours for its `<pre>`. */
export interface HighlightedCode {
  html: string;
  fg: string;
  bg: string;
}

/** An entry larger than this is not read: a block's markup is a few kilobytes. */
const maxEntryBytes = 4 * 1024 * 1024;

let folder: string | undefined;
let prepared = false;

/**
 * Where this thread keeps highlighted blocks: a folder per Markdown pipeline (the salt of the
 * Markdown cache: its version, the code theme, the versions of Shiki and the packages around
 * it), so another pipeline starts empty and removes the folders of others. Undefined (the
 * default) keeps nothing.
 */
export function useHighlightStore(dir: string | undefined): void {
  folder = dir === undefined ? undefined : path.join(dir, createHash('sha256').update(pipelineSalt()).digest('hex').slice(0, 16));
  prepared = false;
}

function keyOf(lang: string, code: string): string {
  return createHash('sha256').update(lang).update('\0').update(code).digest('hex');
}

/** The stored markup of a block in `lang`, when there is a sound entry for it. */
export function storedHighlight(lang: string, code: string): HighlightedCode | undefined {
  if (!folder) return undefined;
  const key = keyOf(lang, code);
  const file = path.join(folder, `${key}.json`);
  try {
    if (statSync(file).size > maxEntryBytes) return undefined;
    const entry = JSON.parse(readFileSync(file, 'utf8')) as Partial<HighlightedCode & { key: string }> | null;
    if (entry?.key !== key || typeof entry.html !== 'string' || typeof entry.fg !== 'string' || typeof entry.bg !== 'string') return undefined;
    return { html: entry.html, fg: entry.fg, bg: entry.bg };
  } catch {
    return undefined;
  }
}

/** Stores a block's markup (under a temporary name, then renamed: readers never see half a file); a failure only costs the next build time. */
export function storeHighlight(lang: string, code: string, highlighted: HighlightedCode): void {
  if (!folder) return;
  const key = keyOf(lang, code);
  const file = path.join(folder, `${key}.json`);
  const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    prepare(folder);
    writeFileSync(temporary, JSON.stringify({ key, ...highlighted }));
    renameSync(temporary, file);
  } catch {
    rmSync(temporary, { force: true });
  }
}

/** Makes this generator's folder, the first time a thread stores a block, and removes other generators' folders. */
function prepare(own: string): void {
  if (prepared) return;
  prepared = true;
  mkdirSync(own, { recursive: true });
  const parent = path.dirname(own);
  for (const name of readdirSync(parent)) {
    if (name !== path.basename(own) && /^[0-9a-f]{16}$/.test(name)) rmSync(path.join(parent, name), { recursive: true, force: true });
  }
}
