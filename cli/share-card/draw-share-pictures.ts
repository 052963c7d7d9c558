import { createHash } from 'node:crypto';
import os from 'node:os';
import { collectSiteErrors, SiteErrorList, type SiteError } from '../errors.ts';
import type { CardAssets } from './card-assets.ts';
import { CardCache } from './card-cache.ts';
import { drawCard, drawLogo } from './draw-card.ts';
import type { ShareJob } from './share-images.ts';
import { fitSocialImage, readSocialImage } from './social-image.ts';

// Produces the files of a share plan: each from the cache when its inputs are unchanged,
// otherwise drawn (a few at a time: sharp rasterises on the thread pool while satori lays out
// the next card here) and stored for the next build.

export interface DrawOptions {
  contentDir: string;
  /** Where drawn pictures are kept between builds; memory only when undefined. */
  cacheDir?: string;
  /** Pictures in progress at once: one per core by default (at most four), so sharp leaves the thread pool room for file writes. */
  concurrency?: number;
}

/** How many pictures a build drew, and how many came from the cache. */
export interface SharePictureStats {
  drawn: number;
  cached: number;
}

/** Where pictures go as soon as each is ready, by output file. */
export interface PictureOutput {
  write(file: string, contents: Uint8Array): void;
  /** Publishes a finished file without reading it (a hard link), where the output can. */
  link?(file: string, source: string): void;
}

/** Bumped when fitting a post's own picture changes. */
const socialImageFitVersion = 1;

/** Produces every job's file into `output`; reports every bad `socialImage` at once. */
export async function drawSharePictures(jobs: readonly ShareJob[], assetsOf: () => CardAssets, options: DrawOptions, output: PictureOutput): Promise<SharePictureStats> {
  const cache = new CardCache(options.cacheDir);
  const result: SharePictureStats = { drawn: 0, cached: 0 };
  const errors: SiteError[] = [];
  // Read once, before any card: a missing font or colour is one error, not one per card.
  const assets = jobs.some((job) => job.draw !== 'social-image') ? assetsOf() : undefined;
  const produce = async (job: ShareJob) => {
    const recipe = job.draw === 'social-image' ? socialRecipe(job, options.contentDir) : cardRecipe(job, assets!);
    const cached = await cache.get(recipe.key, recipe.extension, output.link !== undefined);
    if (cached && 'file' in cached) output.link!(job.file, cached.file);
    else if (cached) output.write(job.file, cached.bytes);
    else {
      const picture = await recipe.make();
      await cache.put(recipe.key, recipe.extension, picture);
      output.write(job.file, picture);
    }
    result[cached ? 'cached' : 'drawn'] += 1;
  };
  await forEachAtMost(options.concurrency ?? Math.min(4, os.availableParallelism()), jobs, (job) => produce(job).catch((error: unknown) => {
    const located = collectSiteErrors(error);
    if (!located) throw error;
    errors.push(...located);
  }));
  if (errors.length > 0) throw new SiteErrorList(errors);
  await cache.prune();
  return result;
}

interface Recipe {
  key: string;
  extension: string;
  make: () => Promise<Buffer>;
}

function cardRecipe(job: Exclude<ShareJob, { draw: 'social-image' }>, assets: CardAssets): Recipe {
  if (job.draw === 'logo') return { key: hash(assets.fingerprint, 'logo'), extension: 'png', make: () => drawLogo(assets) };
  return { key: hash(assets.fingerprint, 'card', job.text.kind, job.text.title), extension: 'png', make: () => drawCard(job.text, assets) };
}

function socialRecipe(job: Extract<ShareJob, { draw: 'social-image' }>, contentDir: string): Recipe {
  const bytes = readSocialImage(job.image, contentDir);
  const extension = job.file.slice(job.file.lastIndexOf('.') + 1);
  return { key: hash(`social-image ${socialImageFitVersion}`, bytes), extension, make: () => fitSocialImage(bytes, job.image) };
}

function hash(...parts: (string | Buffer)[]): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('hex');
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function forEachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
