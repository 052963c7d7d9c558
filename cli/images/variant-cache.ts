import type { Cache } from '../cache/cache.ts';
import type { ImageVariant } from './variant-plan.ts';

/**
 * Finished variants: in the cache (its `images` table, by each variant's key: a hash of the
 * source's bytes and of everything that shapes the file), and for `dev`, which serves them from
 * memory, also in memory.
 */
export class VariantCache {
  private readonly memory = new Map<string, Buffer>();

  constructor(
    private readonly cache: Cache,
    private readonly keepInMemory: boolean,
  ) {}

  /** The variant's bytes, when they are kept. */
  get(variant: ImageVariant): Buffer | undefined {
    const kept = this.memory.get(variant.key);
    if (kept) return kept;
    const bytes = this.cache.get('images', variant.key);
    if (bytes && this.keepInMemory) this.memory.set(variant.key, bytes);
    return bytes;
  }

  put(variant: ImageVariant, bytes: Buffer): void {
    if (this.keepInMemory) this.memory.set(variant.key, bytes);
    this.cache.put('images', variant.key, bytes);
  }

  /** Drops from memory the variants not among `keys` (images removed or changed while `dev` runs). */
  retainOnly(keys: Set<string>): void {
    for (const key of this.memory.keys()) if (!keys.has(key)) this.memory.delete(key);
  }
}
