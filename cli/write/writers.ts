import { copyFileSync, linkSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { unwritableOutput } from './output-guard.ts';
import { createStagingFolder, recoverOutput, swapInOutput } from './output-swap.ts';

/** Where a build's files go: a folder on disk, or memory for tests and dry runs. */
export interface Writer {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** Writes the contents of the finished file `source` (such as a cached image variant) at `file`, without reading it when it can. */
  link?(file: string, source: string): Promise<void>;
  /** Makes everything written visible at once; until then nothing replaces the last output. */
  commit(): Promise<void>;
  /** Resolves once what the last commit replaced is removed (the commit resolves as soon as the new output is in place). */
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
    return contents === undefined ? undefined : typeof contents === 'string' ? contents : Buffer.from(contents).toString('utf8');
  }
}

export interface DiskWriterOptions {
  /** Makes a hard link; the file system's own by default (tests give one that fails as across file systems). */
  hardLink?: (existing: string, link: string) => void;
}

/**
 * Writes into a staging folder beside the output and puts it in the output's place on commit
 * (see output-swap.ts), so a failed build never leaves a half-written output behind. Leftovers
 * of killed builds are tidied as it starts.
 */
export class DiskWriter implements Writer {
  private readonly staging: Promise<string>;
  private readonly made = new Set<string>();
  private fileMode: number | undefined;
  /** False once a link failed across file systems. */
  private linking = true;
  private readonly outDir: string;
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
    writeFileSync(await this.target(file), contents);
  }

  /**
   * A hard link to `source` where the file system allows one (a warm build publishes its
   * cached image variants and pages without copying a byte), else a copy. A link shares the
   * file, so `source` must be one that is replaced, never rewritten in place. A link also
   * shares the file's mode: a source whose mode is not the one this build's umask gives new
   * files (a cache filled under another umask) is copied into a new file instead.
   */
  async link(file: string, source: string): Promise<void> {
    const target = await this.target(file);
    const sourceInfo = statSync(source, { bigint: true });
    if ((Number(sourceInfo.mode) & 0o777) !== (await this.newFileMode())) {
      writeFileSync(target, readFileSync(source));
      return;
    }
    if (this.linking) {
      try {
        this.hardLink(source, target);
        return;
      } catch (error) {
        // Another file system (an output on tmpfs): the next files will not link either.
        if ((error as NodeJS.ErrnoException).code === 'EXDEV') this.linking = false;
      }
    }
    // The kernel copies (copy_file_range), with the source's mode, which is the umask's.
    copyFileSync(source, target);
  }

  /** The mode a file written now gets: the staging folder was made 0777 less the umask. */
  private async newFileMode(): Promise<number> {
    this.fileMode ??= statSync(await this.staging).mode & 0o666;
    return this.fileMode;
  }

  /** Where `file` goes in the staging folder, its folder made. */
  private async target(file: string): Promise<string> {
    const target = path.join(await this.staging, file);
    const folder = path.dirname(target);
    // Synchronous calls: a page is a few kilobytes into the page cache, and the promise API's
    // four round trips through the thread pool per file cost the build more than the wait.
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
