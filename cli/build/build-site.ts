import path from 'node:path';
import type { LinkFinding, LinkReport } from '../check/index.ts';
import type { SiteError } from '../errors.ts';
import { prepareMarkdown, type MarkdownOptions } from '../render/markdown/render-all-markdown.ts';
import type { PageRecord } from '../render/render-page.tsx';
import type { SiteModel } from '../validate/model.ts';
import type { Writer } from '../write/writers.ts';
import type { ImageRunStats } from '../images/image-processor.ts';
import type { ImageOptions, PageBudget, ShareCardOptions, SharePictureStats, ValidateSiteOptions } from './build-steps.ts';
import { PhaseTimer, type Phase } from './phase-timer.ts';

export type { Phase, PageBudget };

/** A finding that does not fail a build: a link to a redirect, or a site config problem that `production` refuses. */
export type BuildWarning = LinkFinding | SiteError;

export interface BuildOptions extends ValidateSiteOptions {
  /** Project root: content/, templates/ and client/ live here. */
  root: string;
  /** Content folder; `<root>/content` by default. */
  contentDir?: string;
  writer: Writer;
  /** How Markdown is cached between builds (in memory only, by default). */
  markdown?: MarkdownOptions;
  /** Where processed images are cached (node_modules/.cache/sitegen/images by default). */
  images?: ImageOptions;
  /** Where drawn share cards are cached (node_modules/.cache/sitegen/share-cards by default). */
  shareCards?: ShareCardOptions;
  /** Check the links of the staged output and commit it only when none is broken; true by default. */
  checkLinks?: boolean;
}

export interface BuildResult {
  /** False when broken links kept the output from replacing the last one (see `links`). */
  committed: boolean;
  model: SiteModel;
  pages: PageRecord[];
  redirects: number;
  files: number;
  budgets: PageBudget[];
  /** The link check of the output; undefined when it did not run. */
  links?: LinkReport;
  /** What the images step did: `processed` is 0 when every variant came from the cache. */
  images: ImageRunStats;
  /** What the share-card step did: `drawn` is 0 when every card came from the cache. */
  shareCards: SharePictureStats;
  /** Findings that do not fail a build: links to a redirect, what `production` would refuse. */
  warnings: BuildWarning[];
  timings: Record<Phase, number>;
  /** Wall time of the whole build; phases overlap (bundling runs beside loading). */
  totalMs: number;
}

/**
 * Runs a whole build: load, validate, route, render, bundle, write to staging, check links,
 * then commit, or abort and leave the last output in place.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root, writer } = options;
  const timer = new PhaseTimer();
  const contentDir = options.contentDir ?? path.join(root, 'content');
  // First, so that Markdown workers a large build needs boot while the steps' modules load.
  const markdown = prepareMarkdown(contentDir, options.markdown);
  const steps = await import('./build-steps.ts');
  const staged = new steps.StagedWrites(writer);
  const imageCache = steps.imageCacheDir(root, options.images);
  const imageProcessor = new steps.ImageProcessor({ cacheDir: imageCache, concurrency: options.images?.concurrency });
  let drawing: Promise<unknown> | undefined;
  try {
    // esbuild bundles in its own process while content loads and Markdown renders here.
    const bundling = timer.time('bundle', steps.bundleSite(root));
    bundling.catch(() => undefined);
    const loaded = await timer.time('load', steps.loadInputs(root, contentDir, imageCache));
    const rendering = markdown.renderAll(steps.markdownSources(loaded.raw));
    const routed = timer.timeSync('load', () => steps.routeSite(steps.validateSite(loaded, options)));
    // Images the cache lacks are encoded on sharp's threads while the pages render.
    const images = steps.processImages(routed, imageProcessor, staged);
    // Share cards the cache lacks are drawn while the pages render; each page's head names its own.
    const shareCards = steps.prepareShareCards(routed, options.shareCards);
    const cards = (drawing = shareCards.draw(staged));
    cards.catch(() => undefined);
    const bundle = await bundling;
    const site = await timer.time('render', steps.renderSite(routed, { bundle, markdown: rendering, images: images.index, shareImages: shareCards.images, emit: staged.write }));
    const imageStats = await timer.time('images', images.done);
    const cardStats = await timer.time('cards', cards);
    const caching = markdown.save();
    caching.catch(() => undefined); // awaited below, unless a later step fails first
    const files = await timer.time('write', staged.finish(steps.siteFiles(site)));
    const links = options.checkLinks === false ? undefined : await timer.time('check', steps.checkStagedOutput(writer));
    const committed = !steps.hasBrokenLinks(links);
    await (committed ? writer.commit() : writer.abort());
    await caching;
    return {
      committed, model: site.model, pages: site.pages, redirects: site.redirects.length, files, images: imageStats, shareCards: cardStats,
      budgets: steps.pageBudgets(bundle, site.pages), links, warnings: [...routed.productionProblems, ...steps.linkWarnings(links)],
      timings: timer.timings(), totalMs: timer.elapsed(),
    };
  } catch (error) {
    // Nothing may still be writing into the folder that abort removes.
    await imageProcessor.stop();
    await drawing?.catch(() => undefined);
    await staged.settle();
    await writer.abort();
    throw error;
  } finally {
    await markdown.close();
  }
}
