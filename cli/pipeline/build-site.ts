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
import { collectSiteErrors, SiteErrorList, type SiteError } from '../errors.ts';
import { ImageProcessor, type ImageRunStats } from '../images/image-processor.ts';
import type { Bundle } from '../bundle/bundle-client.ts';
import type { PageRecord } from '../render/render-page.ts';
import type { Writer } from '../write/writers.ts';
import { bundleSite, pageBudgets, planImages, prepareShareCards, type PageBudget } from './assets-step.ts';
import { checkStep, hasBrokenLinks, hasStagingFolder, linkWarnings, type FolderWriter } from './check-step.ts';
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

/**
 * A finding that does not fail a build: a link to a redirect, what `--production` would refuse, a
 * card that could not show its words.
 */
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
  /**
   * Other findings that do not fail a build: SVGs published sanitized, HTML removed from Markdown
   * bodies, problems of drafts left out, links to a redirect, a card that could not show its words.
   */
  warnings: BuildWarning[];
  timings: Record<Phase, number>;
  /** Wall time of the whole build; phases overlap (bundling runs beside loading). */
  totalMs: number;
}

/** The named steps of a build, as an error that is not a problem of the site names where it happened. */
export type BuildStep =
  | 'bundle'
  | 'load'
  | 'validate'
  | 'route'
  | 'claim'
  | 'render'
  | 'images'
  | 'cards'
  | 'search'
  | 'write'
  | 'check'
  | 'commit';

/**
 * A build that failed for a reason other than a problem in the site (a bug, a full disk): the
 * step it failed in, and why, as Hugo wraps each phase's error. Located problems of the site
 * (`SiteError`, `SiteErrorList`) pass unwrapped: their file and line say where they are.
 */
export class BuildStepError extends Error {
  constructor(
    readonly step: BuildStep,
    cause: unknown,
  ) {
    super(`the build failed in its ${step} step: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'BuildStepError';
  }
}

/** Runs one step of a build, naming the step in an error that is not a problem of the site. */
export async function inStep<T>(step: BuildStep, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw collectSiteErrors(error) || error instanceof BuildStepError ? error : new BuildStepError(step, error);
  }
}

/** What every step of one build shares: the cache, the clock, the staged output and the work to stop on failure. */
interface BuildRun {
  options: BuildOptions;
  cache: Cache;
  timer: PhaseTimer;
  progress: (phase: Phase, done?: number, total?: number) => void;
  staged: StagedWrites;
  /** The writer's staging folder, whose links are checked before it is committed; none without a check. */
  checked?: FolderWriter;
  imageProcessor: ImageProcessor;
  drawing?: Promise<SharePictureStats>;
  indexing?: ReturnType<typeof searchStep>;
}

/** Runs a whole build; see the top of this file. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const run = startRun(options);
  try {
    // esbuild bundles in its own process while the content loads.
    const bundling = inStep('bundle', () =>
      run.timer.time('bundle', () => bundleSite(options.site, options.root, run.cache)),
    );
    bundling.catch(() => undefined);
    const content = await contentSteps(run);
    const pages = await pageSteps(run, content, bundling);
    const output = await outputSteps(run, content, pages);
    return resultOf(run, content, pages, output);
  } catch (error) {
    await abortRun(run);
    throw error;
  }
}

function startRun(options: BuildOptions): BuildRun {
  const cache = options.cache ?? new Cache(undefined);
  const checked = options.checkLinks !== false && hasStagingFolder(options.writer) ? options.writer : undefined;
  return {
    options,
    cache,
    timer: new PhaseTimer(),
    progress: (phase, done, total) => options.onProgress?.(phase, done, total),
    checked,
    staged: new StagedWrites(options.writer, checked ? new SiteFacts() : undefined),
    imageProcessor: new ImageProcessor({ cache, concurrency: options.imageConcurrency }),
  };
}

/** Load → validate → route → claim: the site's content, checked, with every output path claimed by its writer. */
async function contentSteps(run: BuildRun) {
  const { options, timer, cache } = run;
  run.progress('load');
  const contentDir = options.contentDir ?? path.join(options.root, 'content');
  const loaded = await inStep('load', () =>
    timer.time('load', () => loadStep(options.site, options.root, contentDir, cache)),
  );
  const validated = await inStep('validate', () => timer.timeSync('load', () => validateStep(loaded, options)));
  const routed = await inStep('route', () => timer.timeSync('load', () => routeStep(validated)));
  const images = planImages(routed);
  const shareCards = prepareShareCards(routed, cache);
  // Every path is claimed by its writer before anything is written.
  const planned = await inStep('claim', () => timer.timeSync('load', () => claimStep(routed, images, shareCards)));
  return { routed, images, shareCards, planned };
}

type ContentSteps = Awaited<ReturnType<typeof contentSteps>>;

/**
 * Render, with images encoded and share cards drawn beside it, and the pages indexed for search
 * as they are written. The assets start once the bodies are checked, so a content error costs
 * no encoding.
 */
async function pageSteps(run: BuildRun, { routed, images, shareCards }: ContentSteps, bundling: Promise<Bundle>) {
  const { timer, staged } = run;
  let encoding: Promise<ImageRunStats> | undefined;
  const startAssets = () => {
    encoding = images.encode(run.imageProcessor, staged);
    run.drawing = shareCards.draw(staged);
    run.drawing.catch(() => undefined);
  };
  const bundle = await bundling;
  run.progress('render', 0, routed.routes.length);
  const search = (run.indexing = searchStep(routed, run.cache));
  const rendered = await inStep('render', () =>
    timer.time('render', () =>
      renderStep(routed, {
        bundle,
        images: images.index,
        shareImages: shareCards.images,
        cache: run.cache,
        threads: run.options.markdownThreads,
        emit: (file, html, facts) => {
          staged.write(file, html, facts?.scan);
          search?.offer(file, html, facts?.search);
        },
        // A page's Markdown copy is written with the links it was made with, and never indexed for search.
        emitCopy: (copy) => staged.writeMarkdown(copy.file, copy.text, copy.refs),
        factsOf: (file) => ({ scan: staged.facts?.pageScan(file), search: search?.recordOf(file) }),
        onPage: (done, total) => run.progress('render', done, total),
        onBodiesChecked: startAssets,
      }),
    ),
  );
  if (!encoding) startAssets();
  run.progress('images');
  const imageStats = await inStep('images', () => timer.wait('images', encoding!));
  const cardStats = await inStep('cards', () => timer.wait('cards', run.drawing!));
  if (search) run.progress('search');
  const searchFiles = search
    ? await inStep('search', () => timer.time('search', () => search.finish()))
    : new Map<string, Uint8Array>();
  return { bundle, rendered, imageStats, cardStats, searchFiles };
}

type PageSteps = Awaited<ReturnType<typeof pageSteps>>;

/** Write to staging → check → commit, or abort and leave the last output as it was. */
async function outputSteps(
  run: BuildRun,
  { routed, planned }: ContentSteps,
  { rendered, cardStats, searchFiles }: PageSteps,
) {
  const { timer, staged, options } = run;
  run.progress('write');
  // Made inside the step, so that none of these files (the route manifest's text is the largest)
  // is held any more while the links are checked.
  const files = await inStep('write', () =>
    timer.time('write', () => staged.finish(new Map([...siteFiles(rendered, planned, staged.facts), ...searchFiles]))),
  );
  run.progress('check');
  const checked = run.checked;
  const links = checked
    ? await inStep('check', () => timer.time('check', () => checkStep(checked, staged.facts!)))
    : undefined;
  const contentWarnings = [...routed.images.warnings, ...rendered.warnings, ...cardStats.warnings];
  if (options.strict && contentWarnings.length > 0) throw new SiteErrorList(contentWarnings);
  const committed = !hasBrokenLinks(links);
  await inStep('commit', async () => {
    await (committed ? options.writer.commit() : options.writer.abort());
    run.cache.prune();
    await options.writer.removed?.();
  });
  return { files, links, committed, contentWarnings };
}

function resultOf(
  run: BuildRun,
  { routed }: ContentSteps,
  pages: PageSteps,
  output: Awaited<ReturnType<typeof outputSteps>>,
): BuildResult {
  const { rendered } = pages;
  return {
    committed: output.committed,
    pages: rendered.pages,
    redirects: rendered.redirects.length,
    files: output.files,
    images: pages.imageStats,
    shareCards: pages.cardStats,
    renderedPages: rendered.renderedPages,
    budgets: pageBudgets(pages.bundle, rendered.pages),
    links: output.links,
    productionProblems: routed.productionProblems,
    warnings: [
      ...output.contentWarnings,
      ...routed.draftWarnings,
      ...rendered.draftWarnings,
      ...linkWarnings(output.links),
    ],
    timings: run.timer.timings(),
    totalMs: run.timer.elapsed(),
  };
}

/** Stops what may still be writing into the folder that abort removes, then aborts. */
async function abortRun(run: BuildRun): Promise<void> {
  await run.imageProcessor.stop();
  await run.drawing?.catch(() => undefined);
  await run.indexing?.discard();
  await run.staged.settle();
  await run.options.writer.abort();
}
