import { realpathSync, type Stats } from 'node:fs';
import path from 'node:path';
import { SiteError } from '../errors.ts';
import { checkGuarded, readGuarded, RefusedFile, type Refusal } from './guarded-read.ts';
import { errorCatalogue } from '../error-catalogue.ts';
import { formatBytes, inputLimits, type ByteLimit } from '../input-limits.ts';

// Content comes from pull requests: a file may be a symlink to /proc/self/environ, a FIFO that
// never ends, or 20 MB of text. Every file is lstat'ed before it is opened, and opened without
// following a link, so nothing outside the content folder and nothing but a regular file under
// its size limit is ever read. The checks are `guarded-read.ts`'s, which the preview server shares;
// this module names each refusal as the content error an author sees.

/** Reads files of one content folder, refusing links out of it, non-files and oversized files. */
export class ContentFiles {
  private readonly realRoot: string;
  /** Real path of each folder a file was read from, so each folder is resolved once. */
  private readonly realFolders = new Map<string, string>();

  constructor(readonly root: string) {
    this.realRoot = realPathOr(root, path.resolve(root));
  }

  /**
   * The file's text, decoded as UTF-8; `limit` names one of `inputLimits` (its error then says what
   * to do) or is a byte count.
   */
  readText(file: string, limit: ByteLimit | number): string {
    // Read into one buffer reused for every text, then decoded: no buffer to allocate and
    // collect for each of a thousand posts.
    const { buffer, length } = readCapped(file, this.checkedPath(file, limit), limit, textBuffer);
    textBuffer = buffer;
    return buffer.toString('utf8', 0, length);
  }

  /** The file's bytes; throws a `SiteError` naming the file for anything but a small regular file inside the folder. */
  readBytes(file: string, limit: ByteLimit | number): Buffer {
    const { buffer, length } = readCapped(file, this.checkedPath(file, limit), limit);
    return buffer.length === length ? buffer : buffer.subarray(0, length);
  }

  /** Refuses what a read would refuse, without reading: the file's size in bytes. */
  check(file: string, limit: ByteLimit | number): number {
    return attempt(file, limit, () =>
      checkGuarded(file, this.realRoot, (folder) => this.realFolder(folder), bytesOf(limit)),
    ).stats.size;
  }

  /** The path to open: the file itself, or the real path of a link that stays inside the folder. */
  private checkedPath(file: string, limit: ByteLimit | number): string {
    return attempt(file, limit, () =>
      checkGuarded(file, this.realRoot, (folder) => this.realFolder(folder), bytesOf(limit)),
    ).real;
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
    return error.file
      ? error
      : new SiteError({
          code: error.code,
          message: error.message,
          hint: error.hint,
          file,
          line: error.line,
          column: error.column,
          cause: error.cause,
        });
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new SiteError({
    code: 'content.load-failed',
    message: `could not be loaded: ${text}`,
    hint: 'Make the file smaller or simpler; if it is ordinary content, report this as a bug.',
    file,
    cause: error,
  });
}

/** A limit in bytes. */
function bytesOf(limit: ByteLimit | number): number {
  return typeof limit === 'number' ? limit : inputLimits[limit];
}

function refusalError(file: string, refusal: Refusal, limit: ByteLimit | number): SiteError {
  switch (refusal.reason) {
    case 'outside':
      return new SiteError({
        code: 'content.outside-content-folder',
        message: `resolves to ${refusal.real}, outside the content folder`,
        hint: 'Copy the file into the content folder instead of linking to it.',
        file,
      });
    case 'not-a-file':
      return new SiteError({
        code: 'content.not-a-file',
        message: `expected a file, found ${kindOf(refusal.stats)}`,
        hint: 'Content files must be regular files: remove or rename it.',
        file,
      });
    case 'too-large':
      return tooLarge(file, refusal.size, limit);
  }
}

function tooLarge(file: string, size: number, limit: ByteLimit | number): SiteError {
  const { message, hint } = errorCatalogue['content.file-too-large'];
  const bytes = bytesOf(limit);
  // Just over the limit, the rounded size would read as the limit itself: bytes then.
  const shown = formatBytes(size) === formatBytes(bytes) ? `${size.toLocaleString('en')} bytes` : formatBytes(size);
  return new SiteError({
    code: 'content.file-too-large',
    message: message(shown, formatBytes(bytes)),
    hint: hint(limit),
    file,
  });
}

/** The buffer `readText` reads into, grown to the largest text read so far. */
let textBuffer: Buffer = Buffer.allocUnsafe(64 * 1024);

/**
 * Reads the checked path `target` of `file` (see `readGuarded`): at most `limit` bytes, into `into`
 * when it is large enough.
 */
function readCapped(
  file: string,
  target: string,
  limit: ByteLimit | number,
  into?: Buffer,
): { buffer: Buffer; length: number } {
  return attempt(file, limit, () => readGuarded(target, bytesOf(limit), into));
}

/** Runs a guarded check or read, turning a refusal or a file-system error into a `SiteError` naming the file. */
function attempt<T>(file: string, limit: ByteLimit | number, call: () => T): T {
  try {
    return call();
  } catch (error) {
    if (error instanceof RefusedFile) throw refusalError(file, error.refusal, limit);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP')
      throw new SiteError({
        code: 'content.not-a-file',
        message: 'expected a file, found a symlink',
        hint: 'Content files must be regular files: remove or rename it.',
        file,
        cause: error,
      });
    throw new SiteError({
      code: 'content.missing-file',
      message: `cannot read file: ${code ?? (error as Error).message}`,
      file,
      cause: error,
    });
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
