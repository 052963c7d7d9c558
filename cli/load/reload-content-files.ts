import { lstatSync } from 'node:fs';
import path from 'node:path';
import type { ContentSpec } from '../config/content-spec.ts';
import { SiteError } from '../errors.ts';
import { loadJson, parseMarkdown, type RawContent, type RawMarkdown } from './load-content.ts';
import { ContentFiles, guardFile } from '../shared/read-content-file.ts';

/**
 * Applies edits to already-loaded content: each changed, added or deleted file is re-read on
 * its own. `patched` is false for a file it cannot place (the caller then reloads everything);
 * `imagesChanged` asks the caller to re-read the images.
 */
export async function patchContent(
  raw: RawContent,
  contentDir: string,
  spec: ContentSpec,
  files: string[],
): Promise<{ patched: boolean; imagesChanged: boolean }> {
  const reader = new ContentFiles(contentDir);
  let imagesChanged = false;
  for (const file of files) {
    const relative = path.relative(contentDir, file).split(path.sep);
    if (relative[0] === spec.images) {
      imagesChanged = true;
      continue;
    }
    const [folder, name] = relative;
    if (relative.length !== 2 || !name) return { patched: false, imagesChanged };
    const collection = Object.entries(spec.collections).find(([, entry]) => entry.folder === folder);
    if (collection && name.endsWith('.md')) {
      patchMarkdown(
        raw.collections[collection[0]]!,
        file,
        readIfPresent(reader, file),
        collection[1].schema !== undefined,
      );
    } else if (folder === 'data' && name.endsWith('.json') && raw.data.has(name.slice(0, -5))) {
      raw.data.set(name.slice(0, -5), await loadJson(name.slice(0, -5), file, reader));
    } else {
      return { patched: false, imagesChanged };
    }
  }
  return { patched: true, imagesChanged };
}

/** Replaces, adds or (when `text` is undefined) removes one Markdown file, keeping name order. */
function patchMarkdown(list: RawMarkdown[], file: string, text: string | undefined, hasFrontMatter: boolean): void {
  const index = list.findIndex((entry) => entry.file === file);
  if (text === undefined) {
    if (index >= 0) list.splice(index, 1);
    return;
  }
  const parsed = hasFrontMatter
    ? guardFile(file, () => parseMarkdown(file, text))
    : { file, source: text, frontMatter: {}, frontMatterText: '', body: text, bodyLine: 1 };
  if (index >= 0) list[index] = parsed;
  else list.push(parsed);
  list.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The file's text, or undefined once it is gone; any other problem (a link out, a FIFO) is thrown. */
function readIfPresent(reader: ContentFiles, file: string): string | undefined {
  try {
    return reader.readText(file, 'markdownBytes');
  } catch (error) {
    // lstat, not the error's wording, tells a deleted file from one that cannot be read.
    if (error instanceof SiteError && error.code === 'content.missing-file' && !exists(file)) return undefined;
    throw error;
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
