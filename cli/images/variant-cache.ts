import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { variantExtensions } from './raster-formats.ts';
import type { ImageVariant } from './variant-plan.ts';

/**
 * Finished variants kept between builds, one file each, named by cache key. A variant is
 * written to a temporary file and renamed into place, so a file under its own name is always
 * complete: a build that fails or is killed mid-write leaves at most a temporary file, which
 * no build reads. Without a folder, variants live in memory only.
 */
export class VariantCache {
  private readonly memory = new Map<string, Buffer>();
  private made = false;

  /** `keepInMemory` also holds every variant read or written (for `dev`, which serves them from memory). */
  constructor(private readonly folder: string | undefined, private readonly keepInMemory = folder === undefined) {}

  /** Whether this variant is ready, in memory or on disk. */
  has(variant: ImageVariant): boolean {
    return this.memory.has(variant.key) || (this.folder !== undefined && existsSync(this.fileOf(variant)));
  }

  async read(variant: ImageVariant): Promise<Buffer> {
    const kept = this.memory.get(variant.key);
    if (kept) return kept;
    const bytes = await readFile(this.fileOf(variant));
    if (this.keepInMemory) this.memory.set(variant.key, bytes);
    return bytes;
  }

  async write(variant: ImageVariant, bytes: Buffer): Promise<void> {
    if (this.keepInMemory) this.memory.set(variant.key, bytes);
    if (!this.folder) return;
    if (!this.made) {
      await mkdir(this.folder, { recursive: true });
      this.made = true;
    }
    const file = this.fileOf(variant);
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** The variant's file in the cache folder, when it is there and not held in memory (to publish it by link). */
  fileOnDisk(variant: ImageVariant): string | undefined {
    if (!this.folder || this.memory.has(variant.key)) return undefined;
    const file = this.fileOf(variant);
    return existsSync(file) ? file : undefined;
  }

  /** Drops from memory the variants not among `keys` (images removed or changed while `dev` runs). */
  retainOnly(keys: Set<string>): void {
    for (const key of this.memory.keys()) if (!keys.has(key)) this.memory.delete(key);
  }

  private fileOf(variant: ImageVariant): string {
    return path.join(this.folder!, `${variant.key}${variantExtensions[variant.format]}`);
  }
}
