import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { rasterFormatOf } from './raster-formats.ts';
import type { RasterInfo } from './read-raster-info.ts';

/** What the index remembers of one image file: how it looked on disk, its content hash and header. */
interface Entry {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  hash: string;
  info: RasterInfo;
}

const version = 1;

/**
 * The content hash and header of each raster image, by path, as of the last build, so that a
 * build of unchanged images reads none of them: an image whose size, inode, modification and
 * change times are those recorded is taken to hold the same bytes. (The change time cannot be
 * set back by hand, so a file rewritten in place is read again.) Without a file it lives in
 * memory only.
 */
export class SourceIndex {
  private entries = new Map<string, Entry>();
  private readonly seen = new Set<string>();
  private dirty = false;

  private constructor(private readonly file: string | undefined) {}

  /** The index stored in `file`, or an empty one when it is missing, unreadable or of another version. */
  static async open(file: string | undefined): Promise<SourceIndex> {
    const index = new SourceIndex(file);
    if (!file) return index;
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as { version?: number; entries?: [string, Entry][] };
      if (stored.version === version && Array.isArray(stored.entries)) index.entries = new Map(stored.entries.filter(isEntry));
    } catch {
      // No index yet, or a damaged one: every image is read once more.
    }
    return index;
  }

  /** The hash and header recorded for this file, if it is unchanged since. */
  lookup(file: string, stats: Stats): { hash: string; info: RasterInfo } | undefined {
    const entry = this.entries.get(file);
    if (!entry || entry.size !== stats.size || entry.mtimeMs !== stats.mtimeMs || entry.ctimeMs !== stats.ctimeMs || entry.ino !== stats.ino) return undefined;
    this.seen.add(file);
    return entry;
  }

  record(file: string, stats: Stats, hash: string, info: RasterInfo): void {
    this.entries.set(file, { size: stats.size, mtimeMs: stats.mtimeMs, ctimeMs: stats.ctimeMs, ino: stats.ino, hash, info });
    this.seen.add(file);
    this.dirty = true;
  }

  /** Stores the entries of the files seen since it was opened, when anything changed (temporary file, then rename). */
  async save(): Promise<void> {
    if (!this.file || (!this.dirty && this.seen.size === this.entries.size)) return;
    const entries = [...this.entries].filter(([file]) => this.seen.has(file));
    await mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify({ version, entries }));
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.dirty = false;
  }
}

function isEntry(value: unknown): value is [string, Entry] {
  if (!Array.isArray(value) || typeof value[0] !== 'string') return false;
  const entry = value[1] as Partial<Entry> | undefined;
  const info = entry?.info as Partial<RasterInfo> | undefined;
  return typeof entry?.hash === 'string' && /^[0-9a-f]{64}$/.test(entry.hash) && typeof entry.size === 'number'
    && typeof entry.mtimeMs === 'number' && typeof entry.ctimeMs === 'number' && typeof entry.ino === 'number'
    && typeof info?.width === 'number' && typeof info.height === 'number' && typeof info.animated === 'boolean'
    && typeof info.format === 'string' && rasterFormatOf(`.${info.format}`) === info.format;
}
