import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { formatBytes } from './input-limits.ts';

// Content comes from pull requests: a file may be a symlink to /proc/self/environ, a FIFO that
// never ends, or 20 MB of text. Every file is lstat'ed before it is opened, and opened without
// following a link, so nothing outside the content folder and nothing but a regular file under
// its size limit is ever read.

/** Reads files of one content folder, refusing links out of it, non-files and oversized files. */
export class ContentFiles {
  private readonly realRoot: string;
  /** Real path of each folder a file was read from, so each folder is resolved once. */
  private readonly realFolders = new Map<string, string>();

  constructor(readonly root: string) {
    this.realRoot = realPathOr(root, path.resolve(root));
  }

  /** The file's text, decoded as UTF-8. */
  readText(file: string, limit: number): string {
    // Read into one buffer reused for every text, then decoded: no buffer to allocate and
    // collect for each of a thousand posts.
    const { buffer, length } = readCapped(file, this.checkedPath(file, limit), limit, textBuffer);
    textBuffer = buffer;
    return buffer.toString('utf8', 0, length);
  }

  /** The file's bytes; throws a `SiteError` naming the file for anything but a small regular file inside the folder. */
  readBytes(file: string, limit: number): Buffer {
    const { buffer, length } = readCapped(file, this.checkedPath(file, limit), limit);
    return buffer.length === length ? buffer : buffer.subarray(0, length);
  }

  /** The path to open: the file itself, or the real path of a link that stays inside the folder. */
  private checkedPath(file: string, limit: number): string {
    let stats = attempt(file, () => lstatSync(file));
    let real = path.join(this.realFolder(path.dirname(file)), path.basename(file));
    if (stats.isSymbolicLink()) {
      real = attempt(file, () => realpathSync(file));
      stats = attempt(file, () => lstatSync(real));
    }
    if (!isInside(this.realRoot, real)) {
      throw new SiteError({ code: 'content.outside-content-folder', message: `resolves to ${real}, outside the content folder`, hint: 'Copy the file into the content folder instead of linking to it.', file });
    }
    checkStats(file, stats, limit);
    return real;
  }

  private realFolder(folder: string): string {
    let real = this.realFolders.get(folder);
    if (real === undefined) {
      real = realPathOr(folder, path.resolve(folder));
      this.realFolders.set(folder, real);
    }
    return real;
  }
}

/** Wraps whatever one file's handling throws (a stack overflow included) into errors naming that file. */
export function guardFile<T>(file: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw fileFailure(file, error);
  }
}

/** A `SiteError` naming `file` for anything thrown while handling it. */
export function fileFailure(file: string, error: unknown): SiteError {
  if (error instanceof SiteError) {
    return error.file ? error : new SiteError({ code: error.code, message: error.message, hint: error.hint, file, line: error.line, column: error.column, cause: error.cause });
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new SiteError({ code: 'content.load-failed', message: `could not be loaded: ${text}`, hint: 'Make the file smaller or simpler; if it is ordinary content, report this as a bug.', file, cause: error });
}

function checkStats(file: string, stats: Stats, limit: number): void {
  if (!stats.isFile()) {
    throw new SiteError({ code: 'content.not-a-file', message: `expected a file, found ${kindOf(stats)}`, hint: 'Content files must be regular files: remove or rename it.', file });
  }
  if (stats.size > limit) throw tooLarge(file, stats.size, limit);
}

function tooLarge(file: string, size: number, limit: number): SiteError {
  return new SiteError({ code: 'content.file-too-large', message: `file is ${size} bytes, more than the ${formatBytes(limit)} limit`, hint: 'Split it into smaller files.', file });
}

/** The buffer `readText` reads into, grown to the largest text read so far. */
let textBuffer: Buffer = Buffer.allocUnsafe(64 * 1024);

/**
 * Reads at most `limit` bytes into the start of `into` (a buffer large enough is allocated
 * instead when it is not), and answers the buffer and how many bytes were read. The descriptor
 * is checked again, as the file may have changed since `lstat`.
 */
function readCapped(file: string, target: string, limit: number, into?: Buffer): { buffer: Buffer; length: number } {
  // O_NOFOLLOW refuses a link swapped in since the check; O_NONBLOCK keeps a FIFO swapped in from hanging the open.
  const fd = attempt(file, () => openSync(target, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK));
  try {
    const stats = fstatSync(fd);
    checkStats(file, stats, limit);
    // One byte more than the file's size, so that a file that grew since fstat is noticed.
    const wanted = stats.size + 1;
    let buffer = into && into.length >= wanted ? into : Buffer.allocUnsafe(Math.max(wanted, into?.length ?? 0));
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      length += read;
      if (length > limit) throw tooLarge(file, length, limit);
      // A regular file's read stops short only at its end: with the whole file read, that
      // short read ends it without another read to see nothing more comes.
      if (read === 0 || (length < buffer.length && length >= stats.size)) break;
      if (length === buffer.length) {
        // The file grew since fstat: keep reading, up to the limit.
        const grown = Buffer.allocUnsafe(Math.min(buffer.length * 2, limit + 1));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
    }
    return { buffer, length };
  } finally {
    closeSync(fd);
  }
}

/** Runs a file-system call, turning its error into a `SiteError` naming the file. */
function attempt<T>(file: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') throw new SiteError({ code: 'content.not-a-file', message: 'expected a file, found a symlink', hint: 'Content files must be regular files: remove or rename it.', file, cause: error });
    throw new SiteError({ code: 'content.missing-file', message: `cannot read file: ${code ?? (error as Error).message}`, file, cause: error });
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe (FIFO)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSymbolicLink()) return 'a symlink';
  return 'something that is not a regular file';
}

function realPathOr(file: string, fallback: string): string {
  try {
    return realpathSync(file);
  } catch {
    return fallback;
  }
}

function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
