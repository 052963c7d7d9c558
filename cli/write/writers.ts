import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where a build's files go: a folder on disk, or memory for tests and dry runs. */
export interface Writer {
  write(file: string, contents: string | Uint8Array): Promise<void>;
  /** Makes everything written visible at once; until then nothing replaces the last output. */
  commit(): Promise<void>;
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

/**
 * Writes into a fresh folder beside the output and swaps it into place on commit, so a failed
 * build never leaves a half-written output behind.
 */
export class DiskWriter implements Writer {
  private staging: Promise<string>;
  private readonly made = new Set<string>();

  constructor(private readonly outDir: string) {
    const parent = path.dirname(path.resolve(outDir));
    this.staging = mkdir(parent, { recursive: true }).then(() => mkdtemp(path.join(parent, `.${path.basename(outDir)}-`)));
  }

  async write(file: string, contents: string | Uint8Array): Promise<void> {
    const target = path.join(await this.staging, file);
    const folder = path.dirname(target);
    // Synchronous calls: a page is a few kilobytes into the page cache, and the promise API's
    // four round trips through the thread pool per file cost the build more than the wait.
    if (!this.made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      this.made.add(folder);
    }
    writeFileSync(target, contents);
  }

  /** The folder being written, for checks that run on the output before it is committed. */
  folder(): Promise<string> {
    return this.staging;
  }

  async commit(): Promise<void> {
    const staging = await this.staging;
    const out = path.resolve(this.outDir);
    const old = `${staging}-old`;
    // Two renames: the previous output is moved aside, never deleted before the new one is in place.
    await rename(out, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(staging, out);
    await rm(old, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await rm(await this.staging, { recursive: true, force: true });
  }
}
