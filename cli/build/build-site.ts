import path from 'node:path';
import type { LinkFinding, LinkReport } from '../check/index.ts';
import type { SiteError } from '../errors.ts';
import { cacheFolder } from '../project-layout.ts';
import { prepareMarkdown, type MarkdownBody, type MarkdownOptions, type MarkdownRenderer, type MarkdownRun } from '../render/markdown/render-all-markdown.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import type { Route } from '../route/routes.ts';
import type { PageRecord } from '../render/render-page.tsx';
import type { SiteModel } from '../validate/model.ts';
import type { Writer } from '../write/writers.ts';
import type { ImageRunStats } from '../images/image-processor.ts';
import type { ImageOptions, PageBudget, ShareCardOptions, SharePictureStats, ValidateSiteOptions } from './build-steps.ts';
import { everyBody, PageCache, type CachedPage, type PageCacheStats } from './page-cache.ts';
import { PhaseTimer, type Phase } from './phase-timer.ts';
import type { PageReuse } from './render-site.ts';

export type { Phase, PageBudget };

/** A finding that does not fail a build: a link to a redirect, an SVG published sanitized, or a site config problem that `production` refuses. */
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
  /** Keep parsed front matter between builds in this file (see front-matter-cache.ts); none by default. */
  frontMatterCache?: string;
  /** Keep rendered pages between builds in this folder, taking each unchanged page from it (see page-cache.ts); none by default. */
  pageCache?: { dir: string };
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
  /** Pages rendered by this build; the others were taken from the page cache unchanged. */
  renderedPages: number;
  /** What the build took from and stored in the page cache; undefined without one. */
  pageCache?: PageCacheStats;
  /** Findings that do not fail a build: SVGs published sanitized, links to a redirect, what `production` would refuse. */
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
  const { root } = options;
  const timer = new PhaseTimer();
  const contentDir = options.contentDir ?? path.join(root, 'content');
  const pageCache = options.pageCache ? new PageCache(options.pageCache.dir, contentDir) : undefined;
  // First, so that Markdown workers a large build needs boot while the steps' modules load;
  // with a page cache this generator filled, most pages are likely unchanged, and Markdown
  // starts once a page is known to need rendering.
  let markdown = pageCache?.warm ? undefined : prepareMarkdown(contentDir, options.markdown);
  try {
    return await runSteps(options, timer, contentDir, pageCache, {
      get: () => markdown,
      start: () => (markdown ??= prepareMarkdown(contentDir, options.markdown)),
      // Given no posts folder to read ahead, it renders the few bodies asked for in this thread.
      startAlone: () => (markdown ??= prepareMarkdown(path.join(pageCache!.dir, 'no-content'), { ...options.markdown, cacheFile: undefined })),
    });
  } finally {
    await markdown?.close();
  }
}

/** The build's Markdown renderer: started at once, or when the first page to render needs it. */
interface LazyMarkdown {
  get(): MarkdownRenderer | undefined;
  start(): MarkdownRenderer;
  /**
   * Starts it for a few bodies: without the Markdown cache file (reading it whole costs more
   * than it saves) and without worker threads reading the posts ahead.
   */
  startAlone(): MarkdownRenderer;
}

async function runSteps(options: BuildOptions, timer: PhaseTimer, contentDir: string, pageCache: PageCache | undefined, markdown: LazyMarkdown): Promise<BuildResult> {
  const { root, writer } = options;
  const steps = await import('./build-steps.ts');
  // The link check works from what is recorded of each file as it is written.
  const checking = options.checkLinks !== false && steps.hasStagingFolder(writer);
  const facts = checking ? new steps.SiteFacts() : undefined;
  const staged = new steps.StagedWrites(writer, facts);
  const imageCache = steps.imageCacheDir(root, options.images);
  const imageProcessor = new steps.ImageProcessor({ cacheDir: imageCache, concurrency: options.images?.concurrency });
  let drawing: Promise<unknown> | undefined;
  try {
    // esbuild bundles in its own process while content loads and Markdown renders here.
    const bundling = timer.time('bundle', steps.bundleSite(root));
    bundling.catch(() => undefined);
    const loaded = await timer.time('load', steps.loadInputs(root, contentDir, imageCache, options.frontMatterCache));
    const sources = steps.markdownSources(loaded.raw);
    let rendering = markdown.get()?.renderAll(sources);
    const routed = timer.timeSync('load', () => steps.routeSite(steps.validateSite(loaded, options)));
    // Images the cache lacks are encoded on sharp's threads while the pages render.
    const images = steps.processImages(routed, imageProcessor, staged);
    // Share cards the cache lacks are drawn while the pages render; each page's head names its own.
    const shareCards = steps.prepareShareCards(routed, options.shareCards);
    const cards = (drawing = shareCards.draw(staged));
    cards.catch(() => undefined);
    const bundle = await bundling;
    const imagesIndex = images.index;
    const shareImages = shareCards.images;
    // The pages the page cache holds unchanged are published from it; Markdown renders only when another page needs it.
    const cached = pageCache
      ? timer.timeSync('render', () => pageCache.plan(routed.routes, { context: steps.renderContext(routed, { bundle, images: imagesIndex, shareImages }), bundle, raw: routed.raw }, facts !== undefined))
      : new Map<string, CachedPage>();
    rendering ??= await timer.time('render', markdownFor(routed.routes.filter((route) => !cached.has(route.path)), sources, pageCache!, markdown, options));
    const reuse: PageReuse | undefined = pageCache && {
      cached,
      publish: (page) => staged.reuse(page.record.route.file, page),
      keep: (page, reads, markdownLinks) => pageCache.store(page, reads, markdownLinks, facts?.pageScan(page.route.file)),
    };
    const site = await timer.time('render', steps.renderSite(routed, { bundle, markdown: rendering, images: imagesIndex, shareImages, emit: staged.write, pageCache: reuse }));
    const imageStats = await timer.time('images', images.done);
    const cardStats = await timer.time('cards', cards);
    const caching = markdown.get()?.save() ?? Promise.resolve();
    caching.catch(() => undefined); // awaited below, unless a later step fails first
    const files = await timer.time('write', staged.finish(steps.siteFiles(site, staged)));
    const links = facts ? await timer.time('check', steps.checkStagedOutput(writer, facts)) : undefined;
    const committed = !steps.hasBrokenLinks(links);
    await (committed ? writer.commit() : writer.abort());
    pageCache?.finish();
    await caching;
    await writer.removed?.();
    return {
      committed, model: site.model, pages: site.pages, redirects: site.redirects.length, files, images: imageStats, shareCards: cardStats,
      renderedPages: site.renderedPages, pageCache: pageCache?.stats,
      budgets: steps.pageBudgets(bundle, site.pages), links, warnings: [...loaded.imageWarnings, ...routed.productionProblems, ...steps.linkWarnings(links)],
      timings: timer.timings(), totalMs: timer.elapsed(),
    };
  } catch (error) {
    // Nothing may still be writing into the folder that abort removes.
    await imageProcessor.stop();
    await drawing?.catch(() => undefined);
    await staged.settle();
    await writer.abort();
    throw error;
  }
}

/** Pages to render at most for the bodies they read to be rendered alone, without the Markdown cache. */
const fewPages = 50;

/**
 * The Markdown a build with a page cache needs for the pages it renders. None when every page
 * comes from the cache. When a few pages changed and the cache knows which bodies each read last
 * time (the same generator, site and routes read the same bodies: only their text changed),
 * just those bodies, rendered before the pages (so a page finds every body it reads), without
 * reading the Markdown cache; a page reading another would be a bug, and stops the build.
 * Otherwise every body, through the Markdown cache, as a build without a page cache does.
 */
async function markdownFor(missing: Route[], sources: MarkdownBody[], pageCache: PageCache, markdown: LazyMarkdown, options: BuildOptions): Promise<MarkdownRun> {
  if (missing.length === 0) return { bodies: new Map(), consume: async () => new Map() };
  if (missing.length > fewPages) return markdown.start().renderAll(sources);
  const reads = new Set<string>();
  for (const route of missing) {
    const files = pageCache.readsOf(route);
    if (!files || files.includes(everyBody)) return markdown.start().renderAll(sources);
    for (const file of files) reads.add(file);
  }
  const run = markdown.startAlone().renderAll(sources.filter((source) => reads.has(source.file)));
  const bodies = await run.consume(() => undefined);
  return { bodies: new SomeBodies(bodies, new Set(sources.map((source) => source.file))), consume: run.consume };
}

/** The bodies of a run that rendered only some: reading another one of the site's is a bug, and stops the build. */
class SomeBodies implements ReadonlyMap<string, RenderedMarkdown> {
  constructor(private readonly bodies: ReadonlyMap<string, RenderedMarkdown>, private readonly all: ReadonlySet<string>) {}

  get(file: string): RenderedMarkdown | undefined {
    return this.has(file) ? this.bodies.get(file) : undefined;
  }

  has(file: string): boolean {
    if (!this.bodies.has(file) && this.all.has(file)) this.fail(file);
    return this.bodies.has(file);
  }

  get size(): number {
    return this.fail('every body');
  }

  forEach(): void {
    this.fail('every body');
  }

  entries(): MapIterator<[string, RenderedMarkdown]> {
    return this.fail('every body');
  }

  keys(): MapIterator<string> {
    return this.fail('every body');
  }

  values(): MapIterator<RenderedMarkdown> {
    return this.fail('every body');
  }

  [Symbol.iterator](): MapIterator<[string, RenderedMarkdown]> {
    return this.fail('every body');
  }

  private fail(what: string): never {
    throw new Error(`A page read ${what}, but the page cache named only other Markdown bodies for the pages this build renders; build with --no-cache.`);
  }
}

/** Where the CLI keeps rendered pages between builds. */
export function pageCacheDir(root: string): string {
  return path.join(cacheFolder(root), 'pages');
}
