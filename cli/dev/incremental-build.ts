import path from 'node:path';
import type { Bundle } from '../bundle/bundle-client.ts';
import type { Cache } from '../cache/cache.ts';
import type { CachedPage } from '../pipeline/page-reuse.ts';
import { RunMemory } from '../cache/run-memory.ts';
import { loadSite, type LoadedSite } from '../config/load-site.ts';
import type { DevSetup } from '../config/site-definition.ts';
import type { SiteError } from '../errors.ts';
import { ImageProcessor, type ImageRunStats } from '../images/image-processor.ts';
import { loadImages } from '../images/load-images.ts';
import { patchContent } from '../load/reload-content-files.ts';
import { bundleSite, planImages, prepareShareCards } from '../pipeline/assets-step.ts';
import { claimStep } from '../pipeline/claim-step.ts';
import { loadStep, type LoadedStep } from '../pipeline/load-step.ts';
import { renderStep } from '../pipeline/render-step.ts';
import { routeStep, type RoutedStep } from '../pipeline/route-step.ts';
import { validateStep } from '../pipeline/validate-step.ts';
import { siteFiles } from '../pipeline/write-step.ts';
import { searchStep } from '../pipeline/search-step.ts';
import type { SearchRecord } from '../search/search-index.ts';
import type { ChangeSet } from './classify.ts';

export interface IncrementalBuildOptions {
  root: string;
  contentDir: string;
  /** The site definition; `sitegen.config.ts` at the root by default. */
  configFile?: string;
  /** The environment the site reads its variables from. */
  env: Record<string, string | undefined>;
  cache: Cache;
  /** The site's part of the dev server, asked for once, when the site first compiles. */
  setup?: (site: LoadedSite) => DevSetup | undefined;
}

/** A dev build's output, all in memory. */
export interface DevOutput {
  files: Map<string, string | Uint8Array>;
  bundle: Bundle;
  /** Pages rendered afresh (the others came from the page cache). */
  rendered: number;
  /** Images whose variants this build encoded: an edit encodes only the images it changed. */
  imagesProcessed: number;
  pages: number;
  /** SVG files this build read and published sanitized; empty when it did not read the images again. */
  imageWarnings: SiteError[];
  /**
   * What was left out of every Markdown body the pages show (HTML removed, embeds refused) and what
   * the accessibility checks found, each at its file and line.
   */
  markdownWarnings: SiteError[];
  /**
   * The same warnings by the page that shows them (its output file), for the overlay of that page; a page without any
   * is not listed.
   */
  pageWarnings: Map<string, SiteError[]>;
  /**
   * After an edit, the search index of these pages (its files by output path), once Pagefind
   * has made it: `files` hold the last index meanwhile, so that the edited page reloads without
   * waiting for Pagefind.
   */
  searchIndex?: Promise<Map<string, Uint8Array>>;
}

/**
 * A rebuild's pages, as soon as they are rendered: every page and Markdown copy, the client
 * bundle, and the pictures made so far. The rest of its files (pictures, site files, the search
 * index) follow in the `DevOutput` the rebuild resolves with.
 */
export type RenderedPages = Pick<DevOutput, 'files' | 'pageWarnings' | 'bundle'>;

/**
 * The dev server's build: the steps of `buildSite` into memory, with drafts and future posts,
 * keeping what it loaded and bundled so an edit re-reads, recompiles or re-bundles only what it
 * touched. Pages come from the page cache unless what they are made from changed.
 */
export class IncrementalBuild {
  site?: LoadedSite;
  private loaded?: LoadedStep;
  private bundle?: Bundle;
  /** Variants stay in memory between rebuilds: an edit re-encodes only the image it changed. */
  private readonly images: ImageProcessor;
  /** What the site adds to the dev server, once it has compiled. */
  devSetup?: DevSetup;
  /** The search index of the latest render, by output path: served after an edit until the new one is made. */
  private lastSearchIndex?: { folder: string; files: Map<string, Uint8Array> };
  /**
   * What search indexes of each page (null: nothing), with the HTML it was read from: after an
   * edit, a page served as it was is handed to the index with its record, not read again.
   */
  private searchRecords = new Map<string, { html: string; record: SearchRecord | null }>();
  /** Renders so far: an index that arrives after a later render began is not the latest. */
  private renders = 0;
  /** Search indexes being made. */
  private readonly indexing = new Set<Promise<unknown>>();
  /**
   * The pages and share pictures of the last render: an edit takes the unchanged ones from here,
   * not from the cache.
   */
  private readonly pages = new RunMemory<CachedPage>();
  private readonly pictures = new RunMemory<Buffer>();
  /** Warnings of the images read since the last output, shown once rather than after every edit. */
  private imageWarnings: SiteError[] = [];

  constructor(private readonly options: IncrementalBuildOptions) {
    this.images = new ImageProcessor({ cache: options.cache, keepInMemory: true });
  }

  /** Whether a first build succeeded, so that edits can be applied to it. */
  get ready(): boolean {
    return this.loaded !== undefined;
  }

  /** Compiles the site, loads and bundles everything, and renders it. */
  async buildAll(): Promise<DevOutput> {
    const { root, contentDir, cache } = this.options;
    this.site = await loadSite(root, this.options.configFile);
    this.devSetup ??= this.options.setup?.(this.site);
    [this.bundle, this.loaded] = await Promise.all([
      bundleSite(this.site, root, cache),
      loadStep(this.site, root, contentDir, cache),
    ]);
    this.imageWarnings = this.loaded.images.warnings;
    return this.render();
  }

  /**
   * Applies changed files: re-reads, recompiles and re-bundles only what they touch. `onPages`
   * receives the pages once they are rendered, before the pictures, site files and search index
   * the edited page does not wait for.
   */
  async update(changes: ChangeSet, onPages?: (pages: RenderedPages) => void): Promise<DevOutput> {
    const { root, contentDir, cache } = this.options;
    if (changes.code.length > 0) {
      this.site = await loadSite(root, this.options.configFile);
      this.loaded = { ...this.loaded!, site: this.site };
    }
    if (changes.content.length > 0 && !(await this.patchContent(changes.content))) {
      this.loaded = await loadStep(this.site!, root, contentDir, cache);
      this.imageWarnings = this.loaded.images.warnings;
    }
    if (changes.code.length > 0 || changes.styles.length > 0) this.bundle = await bundleSite(this.site!, root, cache);
    return this.render(onPages);
  }

  /** Stops any image encoding, and waits for the search indexes under way (they write to the cache). */
  async close(): Promise<void> {
    await this.images.stop();
    await Promise.allSettled(this.indexing);
  }

  /** Re-reads only the changed content files; false when one is of a kind that needs a full reload. */
  private async patchContent(files: string[]): Promise<boolean> {
    const loaded = this.loaded!;
    const spec = this.site!.definition.content;
    const result = await patchContent(loaded.raw, this.options.contentDir, spec, files);
    if (result.imagesChanged) {
      this.loaded = {
        ...loaded,
        images: await loadImages(path.join(this.options.contentDir, spec.images), { cache: this.options.cache }),
      };
      this.imageWarnings = this.loaded.images.warnings;
    }
    return result.patched;
  }

  private async render(onPages?: (pages: RenderedPages) => void): Promise<DevOutput> {
    const files = new Map<string, string | Uint8Array>();
    const write = (file: string, contents: string | Uint8Array) => void files.set(file, contents);
    const names = this.site!.definition.env ?? [];
    const env = { ...Object.fromEntries(names.map((name) => [name, this.options.env[name]])), ...this.devSetup?.env };
    const routed = routeStep(validateStep(this.loaded!, { drafts: true, future: true, env }));
    const images = planImages(routed);
    const shareCards = prepareShareCards(routed, this.options.cache, this.pictures);
    const planned = claimStep(routed, images, shareCards);
    // As a build does: images are encoded and cards drawn once the bodies are checked.
    let assets: Promise<[ImageRunStats, unknown]> | undefined;
    const startAssets = () => {
      assets = Promise.all([images.encode(this.images, { write }), shareCards.draw({ write })]);
      assets.catch(() => undefined);
    };
    const rendered = await renderStep(routed, {
      bundle: this.bundle!,
      images: images.index,
      shareImages: shareCards.images,
      cache: this.options.cache,
      memory: this.pages,
      emit: write,
      emitCopy: (copy) => write(copy.file, copy.text),
      onBodiesChecked: startAssets,
    });
    if (!assets) startAssets();
    const pageWarnings = pageWarningsOf(routed, rendered.warnings);
    if (onPages) {
      const early = new Map(files);
      for (const file of this.bundle!.files) early.set(file.url.slice(1), file.contents);
      onPages({ files: early, pageWarnings, bundle: this.bundle! });
    }
    const [{ processed: imagesProcessed }] = await assets!;
    this.pages.endRun();
    this.pictures.endRun();
    for (const [file, contents] of siteFiles(rendered, planned)) files.set(file, contents);
    const { searchIndex } = await this.indexForSearch(routed, files);
    const imageWarnings = this.imageWarnings;
    this.imageWarnings = [];
    return {
      files,
      bundle: this.bundle!,
      rendered: rendered.renderedPages,
      pages: rendered.pages.length,
      imagesProcessed,
      imageWarnings,
      markdownWarnings: rendered.warnings,
      pageWarnings,
      ...(searchIndex ? { searchIndex } : {}),
    };
  }

  /**
   * The search index of the pages just rendered, in the parts a build makes (the cache keeps the
   * parts no edit changed), added to `files`. The first build waits for its index; after an edit,
   * the last one (in the same folder) is served until the new one is made, whose promise is returned.
   */
  private async indexForSearch(
    routed: RoutedStep,
    files: Map<string, string | Uint8Array>,
  ): Promise<{ searchIndex?: Promise<Map<string, Uint8Array>> }> {
    const indexer = searchStep(routed, this.options.cache);
    if (!indexer) return {};
    const { folder } = routed.search!;
    const render = ++this.renders;
    const last = this.lastSearchIndex?.folder === folder ? this.lastSearchIndex.files : undefined;
    // After an edit, the pages are handed to the index once they are published: finding which
    // pages mark themselves for search reads every page, which would hold up the reload.
    const index = (last ? new Promise((resolve) => setImmediate(resolve)) : Promise.resolve())
      .then(() => {
        const records = new Map<string, { html: string; record: SearchRecord | null }>();
        for (const route of routed.routes) {
          const contents = files.get(route.file);
          if (typeof contents !== 'string') continue;
          const last = this.searchRecords.get(route.file);
          const known = last?.html === contents ? last.record : undefined;
          indexer.offer(route.file, contents, known);
          const record = known === undefined ? indexer.recordOf(route.file) : known;
          if (record !== undefined) records.set(route.file, { html: contents, record });
        }
        if (render === this.renders) this.searchRecords = records;
        return indexer.finish();
      })
      .then((made) => {
        if (render === this.renders) this.lastSearchIndex = { folder, files: made };
        return made;
      });
    this.indexing.add(index);
    void index.finally(() => this.indexing.delete(index)).catch(() => undefined);
    if (last) index.catch(() => undefined);
    for (const [file, contents] of last ?? (await index)) files.set(file, contents);
    return last ? { searchIndex: index } : {};
  }
}

/** The warnings of the Markdown bodies each page shows, by the page's output file; a page without any is not listed. */
function pageWarningsOf(routed: RoutedStep, warnings: SiteError[]): Map<string, SiteError[]> {
  const byBody = new Map<string, SiteError[]>();
  for (const warning of warnings) byBody.set(warning.file ?? '', [...(byBody.get(warning.file ?? '') ?? []), warning]);
  const pageWarnings = new Map<string, SiteError[]>();
  for (const route of routed.routes) {
    const shown = route.bodies.flatMap((file) => byBody.get(file) ?? []);
    if (shown.length > 0) pageWarnings.set(route.file, shown);
  }
  return pageWarnings;
}
