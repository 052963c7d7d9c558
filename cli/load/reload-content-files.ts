import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadJson, parseMarkdown, type RawContent, type RawMarkdown } from './load-content.ts';
import type { DataName } from '../site-model/schemas.ts';
import { contentLayout, toolkitFiles, type ContentFolder } from '../project-layout.js';

/**
 * Applies edits to already-loaded content: each changed, added or deleted file is re-read on
 * its own. `patched` is false for a file it cannot place (the caller then reloads everything);
 * `imagesChanged` asks the caller to re-read the images.
 */
export async function patchContent(raw: RawContent, contentDir: string, files: string[]): Promise<{ patched: boolean; imagesChanged: boolean }> {
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
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (folder === 'posts' || folder === 'guides' || folder === 'legal') {
      if (name.endsWith('.md')) patchMarkdown(raw[folder], file, text);
    } else if (folder === 'data' && name.endsWith('.json') && raw.data.has(name.slice(0, -5) as DataName)) {
      const dataName = name.slice(0, -5) as DataName;
      raw.data.set(dataName, await loadJson(dataName, file));
    } else if (folder === 'toolkit' && text !== undefined && (name === toolkitFiles.readme || name === toolkitFiles.cursorRules)) {
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
  const parsed = parseMarkdown(file, text);
  if (index >= 0) list[index] = parsed;
  else list.push(parsed);
  list.sort((a, b) => a.file.localeCompare(b.file));
}
