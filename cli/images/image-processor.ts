import { createHash } from 'node:crypto';
import { Cache } from '../cache/cache.ts';
import { SiteError, SiteErrorList } from '../errors.ts';
import type { ContentFiles } from '../shared/read-content-file.ts';
import { concurrency } from '../shared/concurrency.ts';
import { fileFailure } from '../shared/read-content-file.ts';
import { encodeVariants } from './encode-variants.ts';
import { processingFailed } from './image-errors.ts';
import { VariantCache } from './variant-cache.ts';
import type { ImagePlan, ImageVariant } from './variant-plan.ts';

export interface ImageProcessorOptions {
  /** Where variants are kept between runs; none by default. */
  cache?: Cache;
  /** Also keep every variant in memory (the dev server serves them from there). */
  keepInMemory?: boolean;
  /** Images encoded at once (default: one per core, at most four). */
  concurrency?: number;
}

/** Where an image run puts each file of the site it produces, by path inside the output. */
export interface ImageOutput {
  write(file: string, contents: Uint8Array): void;
}

/** What a run did, for the build summary, tests and benchmarks. */
export interface ImageRunStats {
  images: number;
  /** Images with at least one variant encoded in this run; 0 when everything came from the cache. */
  processed: number;
  /** Variants encoded in this run. */
  encoded: number;
}

/**
 * Makes the variants of raster images: each variant the cache lacks is encoded (on sharp's
 * threads, one image per core), stored in the cache and emitted; the others are emitted from
 * the cache. One processor serves every build of a `dev` session.
 */
export class ImageProcessor {
  private readonly cache: VariantCache;
  private readonly concurrency: number;
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(options: ImageProcessorOptions = {}) {
    const cache = options.cache ?? new Cache(undefined);
    this.cache = new VariantCache(cache, options.keepInMemory ?? !cache.enabled);
    this.concurrency = options.concurrency ?? concurrency.images();
  }

  /**
   * Puts every variant of `plans` and each image's own file into `output`, encoding what the
   * cache lacks (an image published as it is goes out as its bytes); resolves once all are out, or rejects with every
   * image that failed.
   */
  async run(plans: ImagePlan[], files: ContentFiles, output: ImageOutput): Promise<ImageRunStats> {
    const stats: ImageRunStats = { images: plans.length, processed: 0, encoded: 0 };
    const targets = (plan: ImagePlan, variant: ImageVariant) => [
      variant.url.slice(1),
      ...(variant === plan.canonical ? [plan.image.url.slice(1)] : []),
    ];
    const send = (plan: ImagePlan, variant: ImageVariant, bytes: Buffer) => {
      if (!this.stopped) for (const file of targets(plan, variant)) output.write(file, bytes);
    };
    const errors: SiteError[] = [];
    const queue = [...plans];
    const work = async () => {
      for (let plan = queue.shift(); plan && !this.stopped; plan = queue.shift()) {
        try {
          if (plan.image.asIs) {
            if (!this.stopped) output.write(plan.image.url.slice(1), readSource(plan, files));
            continue;
          }
          const missing: ImageVariant[] = [];
          for (const variant of plan.variants) {
            const kept = this.cache.get(variant);
            if (kept) send(plan, variant, kept);
            else missing.push(variant);
          }
          if (missing.length === 0) continue;
          stats.processed += 1;
          await encodeVariants(plan, readSource(plan, files), missing, async (variant, bytes) => {
            this.cache.put(variant, bytes);
            stats.encoded += 1;
            send(plan, variant, bytes);
          });
        } catch (error) {
          errors.push(
            error instanceof SiteError
              ? fileFailure(plan.image.source, error)
              : processingFailed(plan.image.source, error),
          );
        }
      }
    };
    const workers = Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, work));
    this.running.add(workers);
    try {
      await workers;
    } finally {
      this.running.delete(workers);
    }
    if (errors.length > 0) throw new SiteErrorList(errors);
    this.cache.retainOnly(new Set(plans.flatMap((plan) => plan.variants.map((variant) => variant.key))));
    return stats;
  }

  /**
   * Starts no more work and emits nothing more; resolves once what is under way has ended (a build
   * that failed calls it).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.running);
  }
}

/** The image's bytes, read with the content guards again; they must be the ones its plan was made from. */
function readSource(plan: ImagePlan, files: ContentFiles): Buffer {
  const bytes = files.readBytes(plan.image.source, 'rasterImageBytes');
  if (createHash('sha256').update(bytes).digest('hex') !== plan.image.hash) {
    throw new SiteError({
      code: 'image.process-failed',
      message: 'changed while the build was running',
      hint: 'Build again once the file is saved.',
      file: plan.image.source,
    });
  }
  return bytes;
}
