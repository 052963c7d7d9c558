import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { unwritableOutput } from './output-guard.ts';
import { createStagingFolder, recoverOutput, swapInOutput } from './output-swap.ts';

/** Where a build's files go: a folder on disk, or memory for tests and dry runs. */
export interface Writer {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** Makes everything written visible at once; until then nothing replaces the last output. */
  commit(): Promise<void>;
  /**
   * Resolves once what the last commit replaced is removed (the commit resolves as soon as the new output is in place).
   */
  removed?(): Promise<void>;
  /** Drops everything written, leaving the last output as it was. */
  abort(): Promise<void>;
}

/** Keeps files in a map, by path relative to the output folder. */
export class MemoryWriter implements Writer {
  readonly files = new Map<string, string | Uint8Array>();

  async write(file: string, contents: string | Uint8Array): Promise<void> {
    this.files.set(file, contents);
  }

  async commit(): Promise<void> {}

  async abort(): Promise<void> {
    this.files.clear();
  }

  /** A written file as text, for assertions. */
  text(file: string): string | undefined {
    const contents = this.files.get(file);
    return contents === undefined
      ? undefined
      : typeof contents === 'string'
        ? contents
        : Buffer.from(contents).toString('utf8');
  }
}

export interface DiskWriterOptions {
  /** Makes a hard link; the file system's own by default (tests give one that fails). */
  hardLink?: (existing: string, link: string) => void;
}

function realpathOrEmpty(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return '';
  }
}

/**
 * Writes into a staging folder beside the output and puts it in the output's place on commit
 * (see output-swap.ts), so a failed build never leaves a half-written output behind. Leftovers
 * of killed builds are tidied as it starts.
 *
 * A file whose bytes the last output already holds at the same path is hard-linked from it
 * rather than written again: a build after a small edit writes the pages and pictures that
 * changed, and links the rest. The old file is read and compared byte for byte first, so an
 * output edited by hand, or a file swapped for a link to elsewhere, is never carried over.
 */
export class DiskWriter implements Writer {
  private readonly staging: Promise<string>;
  private readonly made = new Set<string>();
  private fileMode: number | undefined;
  private readonly outDir: string;
  /** The last output's folders that are plain folders inside it (not reached through a link), by path. */
  private readonly previousFolders = new Map<string, boolean>();
  /** The last output's real path; empty when there is none (or it is a link). */
  private realOutDir: string | undefined;
  private committed = false;
  private removal: Promise<void> = Promise.resolve();
  private readonly hardLink: (existing: string, link: string) => void;

  constructor(outDir: string, options: DiskWriterOptions = {}) {
    this.outDir = path.resolve(outDir);
    const out = this.outDir;
    this.hardLink = options.hardLink ?? linkSync;
    this.staging = recoverOutput(out)
      .catch(() => undefined)
      .then(() => createStagingFolder(out))
      .catch((error: unknown) => {
        throw unwritableOutput(out, error);
      });
    // Reported by the first write (or abort), which may come long after a failure here.
    this.staging.catch(() => undefined);
  }

  async write(file: string, contents: string | Uint8Array): Promise<void> {
    const target = await this.target(file);
    const bytes = typeof contents === 'string' ? Buffer.from(contents) : contents;
    // Synchronous calls: a page is a few kilobytes into the page cache, and the promise API's
    // round trips through the thread pool per file cost the build more than the wait.
    if (!this.linkPrevious(file, target, bytes)) writeFileSync(target, bytes);
  }

  /**
   * Links the last output's copy of `file` at `target` when it holds exactly `bytes`, as a
   * plain file with the mode this build gives new files; false when it does not, or cannot.
   */
  private linkPrevious(file: string, target: string, bytes: Uint8Array): boolean {
    const previous = path.join(this.outDir, file);
    if (!this.insidePrevious(path.dirname(previous))) return false;
    let descriptor: number;
    try {
      descriptor = openSync(previous, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    } catch {
      return false;
    }
    let inode: bigint;
    try {
      const info = fstatSync(descriptor, { bigint: true });
      if (!info.isFile() || Number(info.size) !== bytes.byteLength || (Number(info.mode) & 0o777) !== this.fileMode)
        return false;
      if (!readFileSync(descriptor).equals(bytes)) return false;
      inode = info.ino;
    } finally {
      closeSync(descriptor);
    }
    try {
      this.hardLink(previous, target);
    } catch {
      return false;
    }
    // The file compared is the one linked, not another put at its path since.
    if (lstatSync(target, { bigint: true }).ino === inode) return true;
    unlinkSync(target);
    return false;
  }

  /** Whether `folder` of the last output is a folder inside it, not one reached through a link. */
  private insidePrevious(folder: string): boolean {
    let inside = this.previousFolders.get(folder);
    if (inside === undefined) {
      this.realOutDir ??= lstatSync(this.outDir, { throwIfNoEntry: false })?.isDirectory()
        ? realpathSync(this.outDir)
        : '';
      inside =
        this.realOutDir !== '' &&
        realpathOrEmpty(folder) === path.join(this.realOutDir, path.relative(this.outDir, folder));
      this.previousFolders.set(folder, inside);
    }
    return inside;
  }

  /** Where `file` goes in the staging folder, its folder made. */
  private async target(file: string): Promise<string> {
    const staging = await this.staging;
    this.fileMode ??= statSync(staging).mode & 0o666;
    const target = path.join(staging, file);
    const folder = path.dirname(target);
    if (!this.made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.made.add(folder);
    }
    return target;
  }

  /** The folder being written, for checks that run on the output before it is committed. */
  folder(): Promise<string> {
    return this.staging;
  }

  /** The folder the output is committed to, which findings about the staged files name. */
  destination(): string {
    return this.outDir;
  }

  async commit(): Promise<void> {
    const staging = await this.staging;
    const { removed } = await swapInOutput(this.outDir, staging).catch((error: unknown) => {
      throw unwritableOutput(this.outDir, error);
    });
    this.committed = true;
    // Removing the replaced version (thousands of files) goes on while the build finishes.
    this.removal = removed;
  }

  removed(): Promise<void> {
    return this.removal;
  }

  async abort(): Promise<void> {
    // Once committed, the staging folder is the live output.
    const staging = this.committed ? undefined : await this.staging.catch(() => undefined);
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
