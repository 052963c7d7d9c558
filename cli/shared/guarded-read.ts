import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, type Stats } from 'node:fs';
import path from 'node:path';

// Reading a file of a folder someone else filled (a pull request's content, a downloaded site):
// the file may be a symlink to /etc/passwd, a FIFO that never ends, a link swapped in after the
// folder was listed, or far larger than anything it should be. The content loader and the
// preview server both read through here, so both refuse the same things the same way.

/** Why a guarded read refused a file. Any other failure is thrown as the file system's own error (ENOENT, ELOOP…). */
export type Refusal =
  /** Its real path (or its folder's) is not inside the root. */
  | { reason: 'outside'; real: string }
  /** A FIFO, socket, device or folder where a file was expected. */
  | { reason: 'not-a-file'; stats: Stats }
  | { reason: 'too-large'; size: number };

/** Thrown for a file a guarded read will not read. */
export class RefusedFile extends Error {
  constructor(readonly refusal: Refusal) {
    super(`refused: ${refusal.reason}`);
    this.name = 'RefusedFile';
  }
}

/**
 * The path to open for `file` and its stats, once checked: the file under the real path of its
 * folder (`realFolderOf`, so a linked folder is judged by where it leads), or, for a symlink, the
 * real path it names. Refused unless that path is inside `realRoot` and is a regular file of at
 * most `limit` bytes.
 */
export function checkGuarded(
  file: string,
  realRoot: string,
  realFolderOf: (folder: string) => string,
  limit: number,
): { real: string; stats: Stats } {
  let stats = lstatSync(file);
  let real = path.join(realFolderOf(path.dirname(file)), path.basename(file));
  if (stats.isSymbolicLink()) {
    real = realpathSync(file);
    stats = lstatSync(real);
  }
  if (!isInside(realRoot, real)) throw new RefusedFile({ reason: 'outside', real });
  checkStats(stats, limit);
  return { real, stats };
}

/**
 * Reads at most `limit` bytes of the checked path `real` into the start of `into` (a buffer
 * large enough is allocated instead when it is not), and answers the buffer and how many bytes
 * were read. The open descriptor is checked again, as the file may have changed since `lstat`.
 */
export function readGuarded(real: string, limit: number, into?: Buffer): { buffer: Buffer; length: number } {
  // O_NOFOLLOW refuses a link swapped in since the check; O_NONBLOCK keeps a FIFO swapped in from hanging the open.
  const fd = openSync(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stats = fstatSync(fd);
    checkStats(stats, limit);
    // One byte more than the file's size, so that a file that grew since fstat is noticed.
    const wanted = stats.size + 1;
    let buffer = into && into.length >= wanted ? into : Buffer.allocUnsafe(Math.max(wanted, into?.length ?? 0));
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      length += read;
      if (length > limit) throw new RefusedFile({ reason: 'too-large', size: length });
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

function checkStats(stats: Stats, limit: number): void {
  if (!stats.isFile()) throw new RefusedFile({ reason: 'not-a-file', stats });
  if (stats.size > limit) throw new RefusedFile({ reason: 'too-large', size: stats.size });
}

/** Whether `file` is strictly inside `root` (both real paths). */
export function isInside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}
