// The folder `sitegen import` reads is someone else's: a checkout of another generator's site,
// or a download of one. It is walked without following links, within limits on how many
// entries and how deep, and a link that leads out of it is refused where it is.
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { isInside } from '../shared/guarded-read.ts';

/** How much of a source folder the import walks; past either, it stops with a located error. */
export const sourceLimits = Object.freeze({
  /** Files and folders in the source folder. */
  entries: 20_000,
  /** Folders inside folders. */
  depth: 24,
});

/** Markdown files the import reads as posts. */
const markdownExtensions = ['.md', '.markdown'];

/** A post of the source folder: a Markdown file, or the entry file of a page bundle. */
export interface SourcePost {
  file: string;
  /** The folder of a page bundle (`<name>/index.md`): the files beside the entry come along. */
  bundle?: string;
  /** In Jekyll's `_drafts` folder. */
  inDrafts: boolean;
}

/** What the walk found. */
export interface SourceScan {
  /** The source folder's real path. */
  root: string;
  posts: SourcePost[];
  /** Every regular file of the folder (links that stay inside it included), for references to resolve. */
  files: Set<string>;
  /** Files read as something other than a post, and why. */
  skipped: { file: string; reason: string }[];
  problems: SiteError[];
}

/**
 * Walks the source folder: every Markdown file is a post, except an `_index.md` (a Hugo list
 * page); a folder holding an `index.md` is a page bundle, whose other files belong to it.
 * Hidden entries and `node_modules` are not entered.
 */
export function scanSource(folder: string): SourceScan {
  const root = realpathSync(folder);
  const scan: SourceScan = { root, posts: [], files: new Set(), skipped: [], problems: [] };
  let seen = 0;
  const walk = (dir: string, depth: number, inDrafts: boolean): void => {
    if (depth > sourceLimits.depth) {
      scan.problems.push(new SiteError({ code: 'import.source-too-large', message: `folders nest more than ${sourceLimits.depth} deep here`, hint: 'Import the folder that holds the posts (content/posts, _posts), not a parent of it.', file: dir }));
      return;
    }
    let listed: Dirent[];
    try {
      listed = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      const reason = `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
      if (dir === root) throw new SiteError({ code: 'import.no-source', message: `the folder ${reason}`, hint: 'Name a folder you can read that holds the posts.', file: dir, cause: error });
      // A folder the system will not list (`/proc/1/map_files`, one without read permission): what it holds is not imported, and the report says so.
      scan.skipped.push({ file: dir, reason: `a folder that ${reason}, so nothing in it is imported` });
      return;
    }
    const entries = listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const index = entries.find((entry) => !entry.isDirectory() && /^index\.(md|markdown)$/i.test(entry.name));
    if (index) scan.posts.push({ file: path.join(dir, index.name), bundle: dir, inDrafts });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      if (++seen > sourceLimits.entries) {
        scan.problems.push(new SiteError({ code: 'import.source-too-large', message: `the source folder holds more than ${sourceLimits.entries.toLocaleString('en')} files and folders`, hint: 'Import the folder that holds the posts (content/posts, _posts), or import it in parts.', file: root }));
        throw new StopWalk();
      }
      const file = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const target = realTarget(file);
        if (target === undefined || !isInside(root, target)) {
          scan.problems.push(new SiteError({ code: 'import.outside-source', message: `is a link to ${target ?? 'nothing'}, outside the source folder`, hint: 'Copy what it links to into the source folder, or delete the link.', file }));
        } else if (isFolder(target)) {
          scan.skipped.push({ file, reason: 'a link to a folder is not followed' });
        } else {
          scan.files.add(file);
          if (!index) addPost(scan, file, inDrafts);
        }
      } else if (entry.isDirectory()) {
        walk(file, depth + 1, inDrafts || entry.name === '_drafts');
      } else if (entry.isFile()) {
        scan.files.add(file);
        if (!index) addPost(scan, file, inDrafts);
      } else {
        scan.skipped.push({ file, reason: 'not a regular file' });
      }
    }
  };
  try {
    walk(root, 0, false);
  } catch (error) {
    if (!(error instanceof StopWalk)) throw error;
  }
  return scan;
}

class StopWalk extends Error {}

/** A Markdown file outside any bundle is a post, unless it is a Hugo list page. */
function addPost(scan: SourceScan, file: string, inDrafts: boolean): void {
  if (!markdownExtensions.includes(path.extname(file).toLowerCase())) return;
  if (/^_index\./i.test(path.basename(file))) scan.skipped.push({ file, reason: "a list page (Hugo's _index.md), not a post" });
  else scan.posts.push({ file, inDrafts });
}

function realTarget(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function isFolder(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isDirectory() === true;
}
