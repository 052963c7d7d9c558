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

/** SVG files the sanitizer left untouched, by the SHA-256 of their bytes, and what the verdicts depend on. */
interface CleanSvgs {
  salt: string;
  hashes: string[];
}

/**
 * The content hash and header of each raster image, by path, as of the last build, so that a
 * build of unchanged images reads none of them: an image whose size, inode, modification and
 * change times are those recorded is taken to hold the same bytes. (The change time cannot be
 * set back by hand, so a file rewritten in place is read again.) Without a file it lives in
 * memory only.
 *
 * It also remembers which SVG contents the sanitizer found nothing to remove from, by their
 * hash: a build whose SVGs are all known clean publishes them without loading the sanitizer.
 */
export class SourceIndex {
  private entries = new Map<string, Entry>();
  private readonly seen = new Set<string>();
  private dirty = false;
  /** What the clean verdicts below depend on (`svgSanitizerSalt`): verdicts under another are dropped. */
  private svgSalt = '';
  private readonly cleanSvgs = new Set<string>();
  private readonly seenSvgs = new Set<string>();

  private constructor(private readonly file: string | undefined) {}

  /** The index stored in `file`, or an empty one when it is missing, unreadable or of another version. */
  static async open(file: string | undefined): Promise<SourceIndex> {
    const index = new SourceIndex(file);
    if (!file) return index;
    try {
      const stored = JSON.parse(await readFile(file, 'utf8')) as { version?: number; entries?: [string, Entry][]; cleanSvgs?: unknown };
      if (stored.version === version && Array.isArray(stored.entries)) index.entries = new Map(stored.entries.filter(isEntry));
      if (stored.version === version && isCleanSvgs(stored.cleanSvgs)) {
        index.svgSalt = stored.cleanSvgs.salt;
        for (const hash of stored.cleanSvgs.hashes) index.cleanSvgs.add(hash);
      }
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

  /** Whether an SVG of this hash was found clean by the sanitizer `salt` names. */
  isCleanSvg(hash: string, salt: string): boolean {
    if (salt !== this.svgSalt || !this.cleanSvgs.has(hash)) return false;
    this.seenSvgs.add(hash);
    return true;
  }

  recordCleanSvg(hash: string, salt: string): void {
    if (salt !== this.svgSalt) {
      this.svgSalt = salt;
      this.cleanSvgs.clear();
    }
    this.cleanSvgs.add(hash);
    this.seenSvgs.add(hash);
    this.dirty = true;
  }

  /** Stores the entries of the files seen since it was opened, when anything changed (temporary file, then rename). */
  async save(): Promise<void> {
    if (!this.file || (!this.dirty && this.seen.size === this.entries.size && this.seenSvgs.size === this.cleanSvgs.size)) return;
    const entries = [...this.entries].filter(([file]) => this.seen.has(file));
    const cleanSvgs: CleanSvgs = { salt: this.svgSalt, hashes: [...this.cleanSvgs].filter((hash) => this.seenSvgs.has(hash)) };
    await mkdir(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify({ version, entries, cleanSvgs }));
      await rename(temporary, this.file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.dirty = false;
  }
}

function isCleanSvgs(value: unknown): value is CleanSvgs {
  const stored = value as Partial<CleanSvgs> | undefined;
  return typeof stored?.salt === 'string' && Array.isArray(stored.hashes) && stored.hashes.every((hash) => typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash));
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
