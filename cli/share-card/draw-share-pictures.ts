import type { Cache } from '../cache/cache.ts';
import { cacheKey } from '../cache/cache.ts';
import { packageVersion } from '../cache/engine-identity.ts';
import type { RunMemory } from '../cache/run-memory.ts';
import type { CardAssets, ShareCardSpec } from '../config/share-card-spec.ts';
import { collectSiteErrors, SiteError, SiteErrorList } from '../errors.ts';
import { concurrency } from '../shared/concurrency.ts';
import { fontsFor } from './card-fonts.ts';
import { drawCard, drawLogo } from './draw-card.ts';
import type { ShareJob } from './share-images.ts';
import { fitSocialImage, readSocialImage } from './social-image.ts';

// Produces the files of a share plan: each from the cache when its inputs are unchanged,
// otherwise drawn (a few at a time: sharp rasterises on the thread pool while satori lays out
// the next card here) and kept for the next build.

export interface DrawOptions {
  /** The content's images folder, where a page's own picture is read. */
  imagesDir: string;
  contentDir: string;
  cache: Cache;
  /**
   * Pictures kept in memory by a long-running process (`dev`): taken from there before the cache,
   * and every picture of this run kept there.
   */
  memory?: RunMemory<Buffer>;
  /** Pictures in progress at once: one per core by default (at most four). */
  concurrency?: number;
}

/** How many pictures a build drew, how many came from the cache, and the cards that could not show their words. */
export interface SharePictureStats {
  drawn: number;
  cached: number;
  /** A card whose words hold characters no font draws shows the site's default picture instead, with one of these. */
  warnings: SiteError[];
}

/** Where pictures go as soon as each is ready, by output file. */
export interface PictureOutput {
  write(file: string, contents: Uint8Array): void;
}

/** Bumped when fitting a page's own picture, or drawing a card from its templates, changes. */
const socialImageFitVersion = 1;
const drawingVersion = 1;

/** Produces every job's file into `output`; reports every bad picture at once. */
export async function drawSharePictures(
  jobs: readonly ShareJob[],
  spec: ShareCardSpec<never, never>,
  assetsOf: () => CardAssets,
  options: DrawOptions,
  output: PictureOutput,
): Promise<SharePictureStats> {
  const result: SharePictureStats = { drawn: 0, cached: 0, warnings: [] };
  const errors: SiteError[] = [];
  // Read once, before any card: a missing font or colour is one error, not one per card.
  const assets = jobs.some((job) => job.draw !== 'social-image') ? assetsOf() : undefined;
  // The card a page whose words cannot be drawn shows instead: the home page's, else the logo.
  const fallbackJob =
    jobs.find((job) => job.draw === 'card' && job.route === '/') ?? jobs.find((job) => job.draw === 'logo')!;
  const produce = async (job: ShareJob) => {
    let drawn: ShareJob = job;
    if (job.draw === 'card') {
      const missing = fontsFor(textOf(job.card), assets!.fonts).missing;
      if (missing.length > 0) {
        drawn = fallbackJob;
        result.warnings.push(
          missingGlyphs(
            job,
            missing,
            fallbackJob === job
              ? 'the words left out'
              : `the picture of ${fallbackJob.draw === 'card' ? 'the home page' : 'the logo'}`,
          ),
        );
      }
    }
    const recipe = drawn.draw === 'social-image' ? socialRecipe(drawn, options) : cardRecipe(drawn, spec, assets!);
    const kept = options.memory?.get(recipe.key) ?? options.cache.get('cards', recipe.key);
    const picture = kept ?? (await recipe.make());
    if (!kept) options.cache.put('cards', recipe.key, picture);
    options.memory?.set(recipe.key, picture);
    output.write(job.file, picture);
    result[kept ? 'cached' : 'drawn'] += 1;
  };
  await forEachAtMost(options.concurrency ?? concurrency.cards(), jobs, (job) =>
    produce(job).catch((error: unknown) => {
      const located = collectSiteErrors(error);
      if (!located) throw error;
      errors.push(...located);
    }),
  );
  if (errors.length > 0) throw new SiteErrorList(errors);
  return result;
}

interface Recipe {
  key: string;
  make: () => Promise<Buffer>;
}

function cardRecipe(
  job: Exclude<ShareJob, { draw: 'social-image' }>,
  spec: ShareCardSpec<never, never>,
  assets: CardAssets,
): Recipe {
  const drawing = [
    drawingVersion,
    packageVersion('satori'),
    packageVersion('sharp'),
    spec.width,
    spec.height,
    JSON.stringify(spec.wordsBox),
    assets.fingerprint,
  ] as const;
  if (job.draw === 'logo') return { key: cacheKey(...drawing, 'logo'), make: () => drawLogo(assets) };
  // Fonts the engine adds for what the site's fonts lack (card-fonts.ts): their files are part of the key.
  const { fonts } = fontsFor(textOf(job.card), assets.fonts);
  return {
    key: cacheKey(...drawing, 'card', JSON.stringify(job.card), ...fonts.map((font) => font.data)),
    make: () => drawCard(spec, job.card, assets, fonts),
  };
}

/** Every word a card draws. */
function textOf(card: Record<string, unknown>): string {
  return Object.values(card)
    .filter((value): value is string => typeof value === 'string')
    .join(' ');
}

/** The warning of a card whose words hold characters no font draws. */
function missingGlyphs(job: Extract<ShareJob, { draw: 'card' }>, missing: string[], instead: string): SiteError {
  const shown = missing
    .slice(0, 12)
    .map((char) => `${char} (U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`)
    .join(', ');
  return new SiteError({
    code: 'share-card.missing-glyphs',
    message: `the share card of ${job.route} has characters no card font draws: ${shown}${missing.length > 12 ? ` and ${missing.length - 12} more` : ''}; it shows ${instead} instead`,
    hint: "Add a font that has them to the site's share-card fonts, or leave them out of the title.",
    file: job.source,
  });
}

function socialRecipe(job: Extract<ShareJob, { draw: 'social-image' }>, options: DrawOptions): Recipe {
  const bytes = readSocialImage(job.image, options.imagesDir, options.contentDir);
  return {
    key: cacheKey(`social-image ${socialImageFitVersion}`, job.file.slice(job.file.lastIndexOf('.')), bytes),
    make: () => fitSocialImage(bytes, job.image),
  };
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function forEachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
