import { lstatSync } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { loadJson, parseMarkdown, type RawContent, type RawMarkdown } from './load-content.ts';
import type { DataName } from '../site-model/schemas.ts';
import { contentLayout, toolkitFiles, type ContentFolder } from '../project-layout.ts';
import { inputLimits } from './input-limits.ts';
import { ContentFiles, guardFile } from './read-content-file.ts';

/**
 * Applies edits to already-loaded content: each changed, added or deleted file is re-read on
 * its own. `patched` is false for a file it cannot place (the caller then reloads everything);
 * `imagesChanged` asks the caller to re-read the images.
 */
export async function patchContent(raw: RawContent, contentDir: string, files: string[]): Promise<{ patched: boolean; imagesChanged: boolean }> {
  const reader = new ContentFiles(contentDir);
  let imagesChanged = false;
  for (const file of files) {
    const relative = path.relative(contentDir, file).split(path.sep);
    const [folderName, name] = relative;
    const folder = layoutFolderOf(folderName);
    if (folder === 'images') {
      imagesChanged = true;
      continue;
    }
    if (relative.length !== 2 || !name) return { patched: false, imagesChanged };
    if (folder === 'posts' || folder === 'guides' || folder === 'legal') {
      if (name.endsWith('.md')) patchMarkdown(raw[folder], file, readIfPresent(reader, file));
    } else if (folder === 'data' && name.endsWith('.json') && raw.data.has(name.slice(0, -5) as DataName)) {
      const dataName = name.slice(0, -5) as DataName;
      raw.data.set(dataName, await loadJson(dataName, file, reader));
    } else if (folder === 'toolkit' && (name === toolkitFiles.readme || name === toolkitFiles.cursorRules)) {
      const text = readIfPresent(reader, file);
      if (text === undefined) return { patched: false, imagesChanged };
      raw.toolkit[name === toolkitFiles.readme ? 'readme' : 'rules'] = text;
    } else {
      return { patched: false, imagesChanged };
    }
  }
  return { patched: true, imagesChanged };
}

/** Which folder of the content layout a top-level folder name is, if any. */
function layoutFolderOf(name: string | undefined): ContentFolder | undefined {
  return (Object.keys(contentLayout) as ContentFolder[]).find((folder) => contentLayout[folder] === name);
}

/** Replaces, adds or (when `text` is undefined) removes one Markdown file, keeping name order. */
function patchMarkdown(list: RawMarkdown[], file: string, text: string | undefined): void {
  const index = list.findIndex((entry) => entry.file === file);
  if (text === undefined) {
    if (index >= 0) list.splice(index, 1);
    return;
  }
  const parsed = guardFile(file, () => parseMarkdown(file, text));
  if (index >= 0) list[index] = parsed;
  else list.push(parsed);
  list.sort((a, b) => a.file.localeCompare(b.file));
}

/** The file's text, or undefined once it is gone; any other problem (a link out, a FIFO) is thrown. */
function readIfPresent(reader: ContentFiles, file: string): string | undefined {
  try {
    return reader.readText(file, inputLimits.markdownBytes);
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
