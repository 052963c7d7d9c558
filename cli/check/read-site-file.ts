import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { errorCode, kindOf, type RefusedEntry } from '../static-host/list-site-files.ts';

/** Largest file the checker reads (HTML, sitemap, `_redirects`, manifest): 50 MB, the sitemap protocol's own limit. */
export const siteFileLimit = 50 * 1024 * 1024;

/** A file's text, or why it was not read; `missing` when it does not exist. */
export type SiteFileRead = { text: string } | { problem: RefusedEntry; missing: boolean };

// Opening a FIFO for reading blocks until a writer comes; O_NONBLOCK returns at once, and the
// descriptor's own fstat then tells what was opened, whatever the listing saw before.
const openFlags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const chunkSize = 64 * 1024;

/**
 * Reads `file` (relative to `root`) as UTF-8 when it is a regular file of at most `limit` bytes,
 * counting the bytes actually read, so a file that grows or lies about its size is cut off too.
 */
export function readSiteFile(root: string, file: string, limit = siteFileLimit): SiteFileRead {
  let fd: number;
  try {
    fd = openSync(join(root, file), openFlags);
  } catch (error) {
    const code = errorCode(error);
    return refuse(file, 'links.unreadable-file', `cannot be read (${code})`, code === 'ENOENT');
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return refuse(file, 'links.unreadable-file', `is ${kindOf(info)}, not a regular file`);
    if (info.size > limit) return tooLarge(file, limit);
    const chunks: Buffer[] = [];
    let total = 0;
    let buffer = Buffer.allocUnsafe(Math.min(info.size, limit) + 1);
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      total += read;
      if (total > limit) return tooLarge(file, limit);
      chunks.push(buffer.subarray(0, read));
      if (read === buffer.length || chunks.length > 1) buffer = Buffer.allocUnsafe(chunkSize);
      else buffer = buffer.subarray(read);
    }
    return { text: Buffer.concat(chunks, total).toString('utf8') };
  } catch (error) {
    return refuse(file, 'links.unreadable-file', `cannot be read (${errorCode(error)})`);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(file: string, limit: number): SiteFileRead {
  return { problem: tooLargeProblem(file, limit), missing: false };
}

/** Why a file larger than the checker reads is not read. */
export function tooLargeProblem(file: string, limit = siteFileLimit): RefusedEntry {
  return {
    file,
    code: 'links.file-too-large',
    reason: `is larger than ${Math.round(limit / 1024 / 1024)} MB, the most the checker reads`,
  };
}

function refuse(file: string, code: RefusedEntry['code'], reason: string, missing = false): SiteFileRead {
  return { problem: { file, code, reason }, missing };
}
