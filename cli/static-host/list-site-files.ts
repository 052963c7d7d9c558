import { readdirSync, readlinkSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import type { LinkFindingCode } from '../error-catalogue.ts';

/** A folder entry the site does not serve (a FIFO, a symlink leaving the folder…), and why. */
export interface RefusedEntry {
  /** `/`-separated path relative to the site folder. */
  file: string;
  code: LinkFindingCode;
  reason: string;
  /** The line the problem starts at, when the file is read but only in part. */
  line?: number;
}

/** What a site folder holds: the files a host may serve, and the entries refused. */
export interface SiteFolderListing {
  files: string[];
  refused: RefusedEntry[];
}

/**
 * Lists the files under `siteDir` a static host may serve, as sorted `/`-separated paths:
 * regular files, and symlinks whose real path is a regular file inside the folder. Everything
 * else (FIFOs, sockets, devices, dangling symlinks, symlinks leaving the folder or naming a
 * folder) is refused with a reason, since reading it could hang, never end or leak another
 * file. `siteDir` itself may be a symlink (`dist -> .dist-123/`). Synchronous: a directory
 * listing is served from the OS cache faster than a promise per folder is settled.
 */
export function scanSiteFolder(siteDir: string): SiteFolderListing {
  const root = realpathSync(siteDir);
  const files: string[] = [];
  const refused: RefusedEntry[] = [];
  // An explicit stack rather than recursion: a deeply nested hostile tree cannot overflow it.
  const folders: [string, string][] = [[root, '']];
  for (let next = folders.pop(); next; next = folders.pop()) {
    const [dir, prefix] = next;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      refused.push({
        file: prefix.slice(0, -1) || '.',
        code: 'links.unreadable-file',
        reason: `cannot be listed (${errorCode(error)})`,
      });
      continue;
    }
    for (const entry of entries) {
      const relative = prefix + entry.name;
      if (entry.isDirectory()) folders.push([join(dir, entry.name), relative + '/']);
      else if (entry.isFile()) files.push(relative);
      else if (entry.isSymbolicLink()) {
        const problem = symlinkProblem(root, join(dir, entry.name));
        if (problem) refused.push({ file: relative, ...problem });
        else files.push(relative);
      } else
        refused.push({
          file: relative,
          code: 'links.unreadable-file',
          reason: `is ${kindOf(entry)}, not a regular file`,
        });
    }
  }
  refused.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files: files.sort(), refused };
}

/** The servable files of `siteDir` (see `scanSiteFolder`), sorted. */
export function listSiteFiles(siteDir: string): string[] {
  return scanSiteFolder(siteDir).files;
}

/** Why a symlink cannot be served, or `undefined` when it names a regular file inside `root`. */
function symlinkProblem(root: string, link: string): Omit<RefusedEntry, 'file'> | undefined {
  let real: string;
  try {
    real = realpathSync(link);
  } catch (error) {
    return {
      code: 'links.dangling-symlink',
      reason: `is a symlink to ${targetOf(link)}, which does not resolve (${errorCode(error)})`,
    };
  }
  if (real !== root && root !== sep && !real.startsWith(root + sep)) {
    return { code: 'links.symlink-outside', reason: `is a symlink to ${targetOf(link)}, outside the site folder` };
  }
  let info: Stats;
  try {
    info = statSync(real);
  } catch (error) {
    return {
      code: 'links.dangling-symlink',
      reason: `is a symlink to ${targetOf(link)}, which cannot be read (${errorCode(error)})`,
    };
  }
  if (info.isFile()) return undefined;
  // A symlinked folder is not walked: its links could multiply the tree or loop.
  return { code: 'links.unreadable-file', reason: `is a symlink to ${kindOf(info)}, not a regular file` };
}

function targetOf(link: string): string {
  try {
    return readlinkSync(link);
  } catch {
    return 'an unreadable target';
  }
}

/** `a FIFO`, `a socket`… for a message. */
export function kindOf(
  entry: Pick<Stats, 'isFIFO' | 'isSocket' | 'isCharacterDevice' | 'isBlockDevice' | 'isDirectory' | 'isFile'>,
): string {
  if (entry.isFIFO()) return 'a FIFO';
  if (entry.isSocket()) return 'a socket';
  if (entry.isCharacterDevice()) return 'a character device';
  if (entry.isBlockDevice()) return 'a block device';
  if (entry.isDirectory()) return 'a folder';
  if (entry.isFile()) return 'a regular file';
  return 'an entry of unknown type';
}

/** The errno code of a file-system error (`ENOENT`), or its message. */
export function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
}
