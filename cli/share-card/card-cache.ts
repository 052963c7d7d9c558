import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheFolder } from '../project-layout.ts';

// Drawn pictures kept between builds, one file per picture named by the hash of everything it
// is drawn from, so a warm build draws nothing. A memory layer serves repeated builds in one
// process (the dev server, tests). Writes go to a temporary name first and are renamed into
// place, so an interrupted build never leaves half a picture under a real key.

/** The share-card cache of a project. */
export function shareCardCacheFolder(root: string): string {
  return path.join(cacheFolder(root), 'share-cards');
}

/** Files no build has used for this long are removed. */
const keepUnusedMs = 7 * 24 * 3600 * 1000;
/** The memory layer holds at most this many bytes; the oldest pictures leave first. */
const memoryLimitBytes = 32 * 1024 * 1024;

const memory = new Map<string, Buffer>();
let memoryBytes = 0;

/** Pictures by key: in memory, and in `folder` when one is given. */
export class CardCache {
  private readonly used = new Set<string>();

  constructor(private readonly folder?: string) {}

  /**
   * The picture stored under `key`, if any: its bytes, or with `asFile` the cache file itself
   * when only the folder holds it (to be linked into the output without being read).
   */
  async get(key: string, extension: string, asFile = false): Promise<{ bytes: Buffer } | { file: string } | undefined> {
    const name = `${key}.${extension}`;
    this.used.add(name);
    const held = memory.get(name);
    if (held) return { bytes: held };
    if (!this.folder) return undefined;
    const file = path.join(this.folder, name);
    // One stat, synchronously: a promise-based check per card cost a 1,000-post build about 0.3 s
    // of this thread in the thread pool's round trips.
    if (asFile) {
      try {
        return statSync(file, { throwIfNoEntry: false })?.isFile() ? { file } : undefined;
      } catch {
        return undefined;
      }
    }
    const stored = await readFile(file).catch(() => undefined);
    if (!stored) return undefined;
    remember(name, stored);
    return { bytes: stored };
  }

  /** Stores a picture; a cache that cannot be written only costs the next build a redraw. */
  async put(key: string, extension: string, picture: Buffer): Promise<void> {
    const name = `${key}.${extension}`;
    this.used.add(name);
    remember(name, picture);
    if (!this.folder) return;
    const file = path.join(this.folder, name);
    const temporary = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
    try {
      await mkdir(this.folder, { recursive: true });
      await writeFile(temporary, picture);
      await rename(temporary, file);
    } catch {
      await rm(temporary, { force: true });
    }
  }

  /** Removes pictures this build did not use that are older than a week, and leftovers of interrupted writes. */
  async prune(now = Date.now()): Promise<void> {
    if (!this.folder) return;
    const names = await readdir(this.folder).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => !this.used.has(name)).map(async (name) => {
      const file = path.join(this.folder!, name);
      const modified = await stat(file).then((stats) => stats.mtimeMs, () => now);
      const stale = name.endsWith('.tmp') ? now - modified > 3600 * 1000 : now - modified > keepUnusedMs;
      if (stale) await rm(file, { force: true });
    }));
  }
}

function remember(name: string, picture: Buffer): void {
  if (memory.has(name)) return;
  memory.set(name, picture);
  memoryBytes += picture.length;
  for (const [oldest, bytes] of memory) {
    if (memoryBytes <= memoryLimitBytes) break;
    memory.delete(oldest);
    memoryBytes -= bytes.length;
  }
}

/** Empties the memory layer (tests that count what a build draws start from nothing). */
export function forgetCachedCards(): void {
  memory.clear();
  memoryBytes = 0;
}
