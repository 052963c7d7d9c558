// A whole build, read top to bottom: load → validate → route → claim → render → write to
// staging → check → commit, or abort and leave the last output as it was. Bundling the client runs beside
// loading; encoding images and drawing share cards start once every content problem has had its
// chance to stop the build (the Markdown bodies rendered and checked), and run while the pages
// render.
import path from 'node:path';
import { Cache } from '../cache/cache.ts';
import type { LinkFinding, LinkReport } from '../check/index.ts';
import { SiteFacts } from '../check/site-facts.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { SiteErrorList, type SiteError } from '../errors.ts';
import { ImageProcessor, type ImageRunStats } from '../images/image-processor.ts';
import type { PageRecord } from '../render/render-page.ts';
import type { Writer } from '../write/writers.ts';
import { bundleSite, pageBudgets, planImages, prepareShareCards, type PageBudget } from './assets-step.ts';
import { checkStep, hasBrokenLinks, hasStagingFolder, linkWarnings } from './check-step.ts';
import { claimStep } from './claim-step.ts';
import { loadStep } from './load-step.ts';
import { PhaseTimer, type Phase } from './phase-timer.ts';
import { renderStep } from './render-step.ts';
import { routeStep } from './route-step.ts';
import type { SharePictureStats } from '../share-card/draw-share-pictures.ts';
import { validateStep, type ValidateOptions } from './validate-step.ts';
import { searchStep } from './search-step.ts';
import { siteFiles, StagedWrites } from './write-step.ts';

export type { Phase, PageBudget };

/** A finding that does not fail a build: a link to a redirect, what `--production` would refuse, a card that could not show its words. */
export type BuildWarning = LinkFinding | SiteError;

export interface BuildOptions extends ValidateOptions {
  /** Project root: the site's code and its node_modules live here. */
  root: string;
  site: LoadedSite;
  /** Content folder; `<root>/content` by default. */
  contentDir?: string;
  writer: Writer;
  /** Where values are kept between builds; none (everything made afresh) by default. */
  cache?: Cache;
  /** Check the links of the staged output and commit it only when none is broken; true by default. */
  checkLinks?: boolean;
  /**
   * Refuse the output when the content of a page it publishes has a warning (HTML removed from a
   * body, an SVG sanitized, a card that could not show its words…), as an error at its place.
   * Drafts left out, links to a redirect and what `--production` checks are not such warnings.
   */
  strict?: boolean;
  /** Most threads rendering Markdown at once. */
  markdownThreads?: number;
  /** Images encoded at once. */
  imageConcurrency?: number;
  /** Called as the build goes: its phase, and for the pages how many are done of how many. */
  onProgress?: (phase: Phase, done?: number, total?: number) => void;
}

export interface BuildResult {
  /** False when broken links kept the output from replacing the last one (see `links`). */
  committed: boolean;
  pages: PageRecord[];
  redirects: number;
  files: number;
  budgets: PageBudget[];
  /** The link check of the output; undefined when it did not run. */
  links?: LinkReport;
  images: ImageRunStats;
  shareCards: SharePictureStats;
  /** Pages rendered by this build; the others were taken from the page cache unchanged. */
  renderedPages: number;
  /** What `--production` would refuse: a plain build prints it as a warning block. */
  productionProblems: SiteError[];
  /** Other findings that do not fail a build: SVGs published sanitized, HTML removed from Markdown bodies, problems of drafts left out, links to a redirect, a card that could not show its words. */
  warnings: BuildWarning[];
  timings: Record<Phase, number>;
  /** Wall time of the whole build; phases overlap (bundling runs beside loading). */
  totalMs: number;
}

/** Runs a whole build; see the top of this file. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root, site, writer } = options;
  const cache = options.cache ?? new Cache(undefined);
  const timer = new PhaseTimer();
  const progress = (phase: Phase, done?: number, total?: number) => options.onProgress?.(phase, done, total);
  const checking = options.checkLinks !== false && hasStagingFolder(writer);
  const staged = new StagedWrites(writer, checking ? new SiteFacts() : undefined);
  const imageProcessor = new ImageProcessor({ cache, concurrency: options.imageConcurrency });
  let drawing: Promise<SharePictureStats> | undefined;
  let indexing: ReturnType<typeof searchStep>;
  try {
    // esbuild bundles in its own process while the content loads.
    const bundling = timer.time('bundle', () => bundleSite(site, root, cache));
    bundling.catch(() => undefined);
    progress('load');
    const loaded = await timer.time('load', () => loadStep(site, root, options.contentDir ?? path.join(root, 'content'), cache));
    const routed = timer.timeSync('load', () => routeStep(validateStep(loaded, options)));
    const images = planImages(routed);
    const shareCards = prepareShareCards(routed, cache);
    // Every path is claimed by its writer before anything is written.
    const planned = timer.timeSync('load', () => claimStep(routed, images, shareCards));
    // Images the cache lacks are encoded on sharp's threads, and share cards drawn, while the
    // pages render: started once the bodies are checked, so a content error costs no encoding.
    let encoding: Promise<ImageRunStats> | undefined;
    const startAssets = () => {
      encoding = images.encode(imageProcessor, staged);
      drawing = shareCards.draw(staged);
      drawing.catch(() => undefined);
    };
    const bundle = await bundling;
    progress('render', 0, routed.routes.length);
    // Pagefind indexes the pages that mark themselves for search as they are written.
    const search = (indexing = searchStep(routed, cache));
    const rendered = await timer.time('render', () => renderStep(routed, {
      bundle, images: images.index, shareImages: shareCards.images, cache, threads: options.markdownThreads,
      emit: (file, html, facts) => {
        staged.write(file, html, facts?.scan);
        search?.offer(file, html, facts?.searchable);
      },
      // A page's Markdown copy is written with the links it was made with, and never indexed for search.
      emitCopy: (copy) => staged.writeMarkdown(copy.file, copy.text, copy.refs),
      factsOf: (file) => ({ scan: staged.facts?.pageScan(file), searchable: search?.searchable(file) }), onPage: (done, total) => progress('render', done, total), onBodiesChecked: startAssets,
    }));
    if (!encoding) startAssets();
    progress('images');
    const imageStats = await timer.wait('images', encoding!);
    const cardStats = await timer.wait('cards', drawing as Promise<SharePictureStats>);
    if (search) progress('search');
    const searchFiles = search ? await timer.time('search', () => search.finish()) : new Map<string, Uint8Array>();
    progress('write');
    const files = await timer.time('write', () => staged.finish(new Map([...siteFiles(rendered, planned, staged.facts), ...searchFiles])));
    progress('check');
    const links = checking ? await timer.time('check', () => checkStep(writer, staged.facts!)) : undefined;
    const contentWarnings = [...routed.images.warnings, ...rendered.warnings, ...cardStats.warnings];
    if (options.strict && contentWarnings.length > 0) throw new SiteErrorList(contentWarnings);
    const committed = !hasBrokenLinks(links);
    await (committed ? writer.commit() : writer.abort());
    cache.prune();
    await writer.removed?.();
    return {
      committed, pages: rendered.pages, redirects: rendered.redirects.length, files, images: imageStats, shareCards: cardStats,
      renderedPages: rendered.renderedPages, budgets: pageBudgets(bundle, rendered.pages), links,
      productionProblems: routed.productionProblems,
      warnings: [...contentWarnings, ...routed.draftWarnings, ...rendered.draftWarnings, ...linkWarnings(links)],
      timings: timer.timings(), totalMs: timer.elapsed(),
    };
  } catch (error) {
    // Nothing may still be writing into the folder that abort removes.
    await imageProcessor.stop();
    await drawing?.catch(() => undefined);
    await indexing?.discard();
    await staged.settle();
    await writer.abort();
    throw error;
  }
}
