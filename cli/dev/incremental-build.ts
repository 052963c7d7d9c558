import path from 'node:path';
import type { Bundle } from '../bundle/bundle-client.ts';
import {
  bundleSite, imageCacheDir, ImageProcessor, loadInputs, markdownSources, prepareShareCards, processImages, renderSite, routeSite, siteFiles, validateSite, type LoadedSite,
} from '../build/build-steps.ts';
import type { SiteError } from '../errors.ts';
import { SourceIndex } from '../images/source-index.ts';
import { patchContent } from '../load/reload-content-files.ts';
import { loadImages } from '../load/load-images.ts';
import { contentFolder } from '../project-layout.ts';
import { prepareMarkdown, type MarkdownOptions, type MarkdownRenderer } from '../render/markdown/render-all-markdown.ts';
import type { RenderedPage } from '../render/render-page.tsx';
import type { Route } from '../route/routes.ts';
import { pagesToRender } from './affected-pages.ts';
import type { SiteOverrides } from '../validate/site-env-overrides.ts';
import type { ChangeSet } from './classify.ts';
import { loadDevRenderer, type DevRenderer } from './dev-renderer.ts';

export interface IncrementalBuildOptions {
  root: string;
  contentDir: string;
  /** Site config values given at build time. */
  overrides: SiteOverrides;
  /** Where forms post instead of the configured webhook. */
  formWebhookUrl?: string;
  markdown: MarkdownOptions;
}

/** A dev build's output, all in memory. */
export interface DevOutput {
  files: Map<string, string | Uint8Array>;
  bundle: Bundle;
  /** Pages rendered afresh (the others kept their last rendering). */
  rendered: number;
  /** Images whose variants this build encoded: an edit encodes only the images it changed. */
  imagesProcessed: number;
  pages: number;
  /** SVG files this build read and published sanitized; empty when it did not read the images again. */
  imageWarnings: SiteError[];
}

/**
 * The dev server's build: the steps of `buildSite` into memory, keeping what it loaded,
 * bundled and rendered, so that after an edit only what the edit touched is redone.
 */
export class IncrementalBuild {
  private loaded?: LoadedSite;
  private bundle?: Bundle;
  private renderer?: DevRenderer;
  private rendered: ReadonlyMap<string, RenderedPage> = new Map();
  /** Warnings of the images read since the last output, shown once rather than after every edit. */
  private imageWarnings: SiteError[] = [];
  private readonly markdown: MarkdownRenderer;
  /** Variants stay in memory between rebuilds: an edit re-encodes only the image it changed. */
  private readonly images: ImageProcessor;
  private readonly imageCache: string | undefined;

  constructor(private readonly options: IncrementalBuildOptions) {
    this.markdown = prepareMarkdown(options.contentDir, options.markdown);
    this.imageCache = imageCacheDir(options.root);
    this.images = new ImageProcessor({ cacheDir: this.imageCache, keepInMemory: true });
  }

  /** Whether a first build succeeded, so that edits can be applied to it. */
  get ready(): boolean {
    return this.loaded !== undefined && this.renderer !== undefined;
  }

  /** Loads, bundles and renders everything, with freshly compiled templates. */
  async buildAll(): Promise<DevOutput> {
    const { root, contentDir } = this.options;
    this.renderer = await loadDevRenderer(root);
    [this.bundle, this.loaded] = await Promise.all([bundleSite(root), loadInputs(root, contentDir, this.imageCache)]);
    this.imageWarnings = this.loaded.imageWarnings;
    const output = await this.render(() => true);
    void this.markdown.save();
    // A build served from the Markdown cache loads no highlighter; the first edit of a post
    // would wait for it, so it loads now, while the author looks at the page.
    this.markdown.warmUp();
    return { ...output, rendered: output.pages };
  }

  /** Applies changed files: re-reads, recompiles and re-bundles only what they touch, re-renders only the pages they can change. */
  async update(changes: ChangeSet): Promise<DevOutput> {
    const { root, contentDir } = this.options;
    if (changes.content.length > 0 && !(await this.patchContent(changes.content))) {
      this.loaded = await loadInputs(root, contentDir, this.imageCache);
      this.imageWarnings = this.loaded.imageWarnings;
    }
    if (changes.templates.length > 0 || changes.client.length > 0) this.renderer = await loadDevRenderer(root);
    const before = this.bundle;
    if (changes.client.length > 0 || changes.styles.length > 0) this.bundle = await bundleSite(root);
    return this.render(pagesToRender(root, changes, this.renderer!, before, this.bundle!, contentDir));
  }

  /** Stops any Markdown workers and image encoding. */
  async close(): Promise<void> {
    await Promise.all([this.markdown.close(), this.images.stop()]);
  }

  /** Re-reads only the changed content files; false when one is of a kind that needs a full reload. */
  private async patchContent(files: string[]): Promise<boolean> {
    const loaded = this.loaded!;
    const result = await patchContent(loaded.raw, this.options.contentDir, files);
    if (result.imagesChanged) {
      // Unchanged images are known by their file's stats: only the changed ones are read.
      const index = await SourceIndex.open(this.imageCache && path.join(this.imageCache, 'sources.json'));
      const images = await loadImages(contentFolder(this.options.contentDir, 'images'), { index });
      await index.save().catch(() => undefined);
      this.loaded = { ...loaded, images: images.svg, imageWarnings: images.warnings, rasterImages: images.raster };
      this.imageWarnings = images.warnings;
    }
    return result.patched;
  }

  private async render(rerender: (route: Route) => boolean): Promise<DevOutput> {
    const loaded = this.loaded!;
    let rendered = 0;
    const markdown = this.markdown.renderAll(markdownSources(loaded.raw));
    const routed = routeSite(validateSite(loaded, { drafts: true, future: true, overrides: this.options.overrides, formWebhookUrl: this.options.formWebhookUrl }));
    const imageFiles = new Map<string, Uint8Array>();
    const images = processImages(routed, this.images, { write: (file, bytes) => imageFiles.set(file, bytes) });
    const shareCards = prepareShareCards(routed);
    const cards = shareCards.draw({ write: (file, bytes) => imageFiles.set(file, bytes) });
    cards.catch(() => undefined);
    const site = await renderSite(routed, {
      bundle: this.bundle!, markdown, images: images.index, shareImages: shareCards.images, renderer: this.renderer!.renderer, previous: this.rendered,
      rerender: (route) => {
        const yes = rerender(route);
        if (yes) rendered += 1;
        return yes;
      },
    });
    const { processed: imagesProcessed } = await images.done;
    await cards;
    this.rendered = site.rendered;
    const files = siteFiles(site);
    for (const [file, bytes] of imageFiles) files.set(file, bytes);
    const imageWarnings = this.imageWarnings;
    this.imageWarnings = [];
    return { files, bundle: site.bundle, rendered, pages: site.pages.length, imagesProcessed, imageWarnings };
  }
}
