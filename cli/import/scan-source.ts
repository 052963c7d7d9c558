// The folder `sitegen import` reads is someone else's: a checkout of another generator's site,
// or a download of one. Only the folders where that generator keeps posts, and those whose files
// it published at its root, are walked (source-site.ts), without following links, within limits
// on how many entries and how deep (`importEntries`, `importDepth`); a link that leads out of the
// source is refused where it is.
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { isInside } from '../shared/guarded-read.ts';
import { inputLimits } from '../input-limits.ts';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { isWalked } from './site-conventions.ts';
import { readSourceSite, type SourceSite } from './source-site.ts';

/** Markdown files the import reads as posts. */
const markdownExtensions = ['.md', '.markdown'];

/** A post of the source folder: a Markdown file, or the entry file of a page bundle. */
export interface SourcePost {
  file: string;
  /** The folder of a page bundle (`<name>/index.md`): the files beside the entry come along. */
  bundle?: string;
  /** In Jekyll's `_drafts` folder. */
  inDrafts: boolean;
  /** Its path from the folder of posts it was found in (`posts/launch.md` in Hugo's `content/`). */
  inFolder: string;
}

/** What the walk found. */
export interface SourceScan {
  /** The source folder's real path. */
  root: string;
  /** What the source is, as a site. */
  site: SourceSite;
  posts: SourcePost[];
  /** Every regular file of the walked folders (links that stay inside the source included). */
  walked: Set<string>;
  /**
   * Whether a path is a regular file of the source (one of `walked`, or any other inside it, not hidden, that is no
   * link out of it).
   */
  files: { has(file: string): boolean };
  /** Files read as something other than a post, and why. */
  skipped: { file: string; reason: string }[];
  problems: SiteError[];
}

/**
 * Walks the source's folders of posts and of published files: in a folder of posts, every
 * Markdown file the generator reads as a post is one, except an `_index.md` (a Hugo list page);
 * a folder holding an `index.md` is a page bundle, whose other files belong to it. Hidden
 * entries, dependencies and build output are not entered.
 */
export function scanSource(folder: string, files: ContentFiles): SourceScan {
  const root = realpathSync(folder);
  const walked = new Set<string>();
  const scan: SourceScan = {
    root,
    site: readSourceSite(root, files),
    posts: [],
    walked,
    files: { has: (file) => walked.has(file) || isSourceFile(root, file) },
    skipped: [],
    problems: [],
  };
  try {
    walkSourceFolders({ scan, seen: 0, done: new Set() });
  } catch (error) {
    if (!(error instanceof StopWalk)) throw error;
  }
  return scan;
}

/** The walk under way: what it found, how many entries it has seen, and the folders it walked. */
interface SourceWalk {
  scan: SourceScan;
  seen: number;
  done: Set<string>;
}

/** A folder of posts being walked: where its posts' paths start, and whether they are drafts. */
interface PostsFolder {
  base: string;
  inDrafts: boolean;
}

/** A folder being walked: where it is, how deep, and for a folder of posts, its entry file when it is a bundle. */
interface WalkedFolder {
  dir: string;
  depth: number;
  posts: PostsFolder | undefined;
  index: Dirent | undefined;
}

/** The folders of posts first, then those of published files (a folder walked once). */
function walkSourceFolders(walk: SourceWalk): void {
  const { root, site } = walk.scan;
  for (const postFolder of site.postFolders) {
    const base = path.join(root, postFolder);
    if (isFolder(base) && (base === root || isInside(root, realpathSync(base))))
      walkFolder(walk, base, postFolder.split('/').filter(Boolean).length, { base, inDrafts: false });
  }
  for (const published of site.publishedFolders) {
    const base = path.join(root, published);
    // The source's root as a published folder (Jekyll's) is looked into on demand, never walked whole.
    if (published !== '' && isFolder(base) && isInside(root, realpathSync(base)))
      walkFolder(walk, base, published.split('/').length, undefined);
  }
}

/** Walks one folder and those under it, once. */
function walkFolder(walk: SourceWalk, dir: string, depth: number, posts: PostsFolder | undefined): void {
  if (walk.done.has(dir)) return;
  walk.done.add(dir);
  if (depth > inputLimits.importDepth) {
    walk.scan.problems.push(
      new SiteError({
        code: 'import.source-too-large',
        message: `folders nest more than ${inputLimits.importDepth} deep here`,
        hint:
          'Import the folder that holds the posts (content/posts, _posts), not a parent of it, ' +
          'or raise `limits.importDepth` in the site definition.',
        file: dir,
      }),
    );
    return;
  }
  const entries = listFolder(walk.scan, dir);
  if (!entries) return;
  const index = posts && entries.find((entry) => !entry.isDirectory() && /^index\.(md|markdown)$/i.test(entry.name));
  const folder: WalkedFolder = { dir, depth, posts, index };
  if (index && posts && walk.scan.site.isPostPath(pathInPosts(posts, path.join(dir, index.name)))) {
    const file = path.join(dir, index.name);
    walk.scan.posts.push({ file, bundle: dir, inDrafts: posts.inDrafts, inFolder: pathInPosts(posts, file) });
  }
  for (const entry of entries) {
    if (!isWalked(entry.name)) continue;
    countEntry(walk);
    walkEntry(walk, folder, entry);
  }
}

/**
 * The entries of a folder in the order of their names, or nothing for a folder the system will
 * not list (`/proc/1/map_files`, one without read permission): what it holds is not imported, and
 * the report says so. The source folder itself must be readable.
 */
function listFolder(scan: SourceScan, dir: string): Dirent[] | undefined {
  let listed: Dirent[];
  try {
    listed = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    const reason = `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    if (dir === scan.root)
      throw new SiteError({
        code: 'import.no-source',
        message: `the folder ${reason}`,
        hint: 'Name a folder you can read that holds the posts.',
        file: dir,
        cause: error,
      });
    scan.skipped.push({ file: dir, reason: `a folder that ${reason}, so nothing in it is imported` });
    return undefined;
  }
  return listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Counts one more entry walked, and stops the walk past the limit. */
function countEntry(walk: SourceWalk): void {
  if (++walk.seen <= inputLimits.importEntries) return;
  walk.scan.problems.push(
    new SiteError({
      code: 'import.source-too-large',
      message: `the source folder holds more than ${inputLimits.importEntries.toLocaleString('en')} files and folders`,
      hint:
        'Import the folder that holds the posts (content/posts, _posts), import it in parts, ' +
        'or raise `limits.importEntries` in the site definition.',
      file: walk.scan.root,
    }),
  );
  throw new StopWalk();
}

/** One entry of a folder: a file kept (and a post when it is one), a folder walked, or what is not. */
function walkEntry(walk: SourceWalk, folder: WalkedFolder, entry: Dirent): void {
  const { scan } = walk;
  const file = path.join(folder.dir, entry.name);
  if (entry.isSymbolicLink()) {
    const target = realTarget(file);
    if (target === undefined || !isInside(scan.root, target)) {
      scan.problems.push(
        new SiteError({
          code: 'import.outside-source',
          message: `is a link to ${target ?? 'nothing'}, outside the source folder`,
          hint: 'Copy what it links to into the source folder, or delete the link.',
          file,
        }),
      );
    } else if (isFolder(target)) {
      scan.skipped.push({ file, reason: 'a link to a folder is not followed' });
    } else {
      scan.walked.add(file);
      addPost(scan, folder, file);
    }
  } else if (entry.isDirectory()) {
    const { posts } = folder;
    walkFolder(
      walk,
      file,
      folder.depth + 1,
      posts && { ...posts, inDrafts: posts.inDrafts || entry.name === '_drafts' },
    );
  } else if (entry.isFile()) {
    scan.walked.add(file);
    addPost(scan, folder, file);
  } else {
    scan.skipped.push({ file, reason: 'not a regular file' });
  }
}

/** Adds a file as a post when the generator reads it as one (no post beside a bundle's entry). */
function addPost(scan: SourceScan, { posts, index }: WalkedFolder, file: string): void {
  if (
    !posts ||
    index ||
    !markdownExtensions.includes(path.extname(file).toLowerCase()) ||
    !scan.site.isPostPath(pathInPosts(posts, file))
  )
    return;
  if (/^_index\./i.test(path.basename(file)))
    scan.skipped.push({ file, reason: "a list page (Hugo's _index.md), not a post" });
  else scan.posts.push({ file, inDrafts: posts.inDrafts, inFolder: pathInPosts(posts, file) });
}

/** A file's path from its folder of posts, with `/`. */
function pathInPosts(posts: PostsFolder, file: string): string {
  return path.relative(posts.base, file).split(path.sep).join('/');
}

class StopWalk extends Error {}

/** Whether `file` is a regular file inside the source, under no hidden folder, and no link out of it. */
function isSourceFile(root: string, file: string): boolean {
  if (
    !isInside(root, file) ||
    path
      .relative(root, file)
      .split(path.sep)
      .some((segment) => segment.startsWith('.'))
  )
    return false;
  let info;
  try {
    info = lstatSync(file, { throwIfNoEntry: false });
  } catch {
    return false;
  }
  if (!info) return false;
  if (info.isSymbolicLink()) {
    const target = realTarget(file);
    return (
      target !== undefined && isInside(root, target) && statSync(target, { throwIfNoEntry: false })?.isFile() === true
    );
  }
  return info.isFile() && isInside(root, realTarget(path.dirname(file)) ?? '');
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
