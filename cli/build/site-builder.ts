import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { islands as islandRegistry } from '../../client/islands/index.ts';
import { bundleClient, measureScripts, type Bundle } from '../bundle/bundle-client.ts';
import { patchContent } from '../load/reload-content-files.ts';
import { loadContent, type RawContent, type RawMarkdown } from '../load/load-content.ts';
import { loadImages, type SiteImage } from '../load/load-images.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import { MarkdownCache } from '../render/markdown/markdown-cache.ts';
import { MarkdownPool, renderMarkdownInline, workerThreshold, type MarkdownSource } from '../render/markdown/worker-pool.ts';
import { validateContent, type SiteModel, type ValidateOptions } from '../validate/model.ts';
import { buildNavigation } from '../route/navigation.ts';
import { checkReferences } from '../validate/check-references.ts';
import * as defaultRenderer from '../render/render-page.tsx';
import type { PageRecord, RenderContext, RenderedPage } from '../render/render-page.tsx';
import { buildRedirects, buildRoutes, type Redirect, type Route } from '../route/routes.ts';
import { withIslandScripts } from '../render/island-scripts.ts';
import { assembleSiteFiles } from '../write/assemble-site-files.ts';

/** The two functions a renderer module provides; dev swaps in a freshly compiled one. */
export type Renderer = Pick<typeof defaultRenderer, 'renderPage' | 'renderRedirect'>;

export type Phase = 'load' | 'render' | 'bundle' | 'write' | 'check';

export interface SiteBuilderOptions extends Omit<ValidateOptions, 'env'> {
  root: string;
  contentDir: string;
  env?: Record<string, string | undefined>;
  /** Replaces the form webhook after validation (dev points forms at its own endpoint). */
  formWebhookUrl?: string;
  /** Where rendered Markdown is kept between builds; memory only when absent. */
  markdownCacheFile?: string;
  /** Workers started ahead of the first load; used for its Markdown, closed by `close()`. */
  markdownPool?: MarkdownPool;
}

/** Everything a build produces, as files by path relative to the output folder. */
export interface SiteOutput {
  model: SiteModel;
  routes: Route[];
  redirects: Redirect[];
  pages: PageRecord[];
  /** Every file of the site, except the pages already handed to `emit`. */
  files: Map<string, string | Uint8Array>;
  bundle: Bundle;
}

export interface CompileOptions {
  /** Whether a page rendered by the last compile is rendered again; all are by default. */
  rerender?: (route: Route) => boolean;
  /** Receives each page's HTML as soon as it is rendered, instead of `SiteOutput.files`. */
  emit?: (file: string, html: string) => void;
}

/**
 * Holds what a build has loaded and rendered, so a second build after an edit only redoes what
 * the edit touched: Markdown is cached by content, the bundle and images until they change,
 * and pages can be re-rendered selectively.
 */
export class SiteBuilder {
  raw?: RawContent;
  images?: SiteImage[];
  bundle?: Bundle;
  renderer: Renderer = defaultRenderer;
  readonly timings: Record<Phase, number> = { load: 0, render: 0, bundle: 0, write: 0, check: 0 };
  private markdownCache?: MarkdownCache;
  private readonly rendered = new Map<string, RenderedPage>();
  /** Workers for a large first build; later (dev) rebuilds render the few changed files inline. */
  private pool?: MarkdownPool;

  constructor(readonly options: SiteBuilderOptions) {
    this.pool = options.markdownPool;
  }

  /** Reads all content and images (the highlighter warms up meanwhile). */
  async load(): Promise<void> {
    const start = performance.now();
    const [postNames, cache] = await Promise.all([
      readdir(path.join(this.options.contentDir, 'posts')).then((names) => names.filter((name) => name.endsWith('.md')), () => []),
      this.markdownCache ?? MarkdownCache.open(this.options.markdownCacheFile),
    ]);
    this.markdownCache = cache;
    // For a large site with little cached, workers start now so that loading their
    // highlighters overlaps reading the content.
    if (!this.raw && postNames.length >= workerThreshold && cache.size < postNames.length / 2) this.pool ??= new MarkdownPool();
    // With workers, this thread renders no Markdown and never loads the Markdown pipeline; with
    // a cache as large as the blog, most likely it has nothing to render either.
    const warmUp = !this.pool && cache.size <= postNames.length;
    [this.raw, this.images] = await Promise.all([
      loadContent(this.options.contentDir),
      loadImages(path.join(this.options.contentDir, 'images')),
      warmUp ? import('../render/markdown/render-markdown.ts').then((markdown) => markdown.getSharedHighlighter()) : undefined,
    ]);
    this.timings.load += performance.now() - start;
  }

  /**
   * Re-reads only the given content files (added, changed or deleted) instead of the whole
   * folder. Returns false when a file is of a kind it cannot patch in, so the caller reloads all.
   */
  async reloadContentFiles(files: string[]): Promise<boolean> {
    if (!this.raw) return false;
    const start = performance.now();
    const result = await patchContent(this.raw, this.options.contentDir, files);
    if (result.imagesChanged) this.images = await loadImages(path.join(this.options.contentDir, 'images'));
    this.timings.load += performance.now() - start;
    return result.patched;
  }

  /** Bundles the client code and styles. */
  async bundleClient(): Promise<Bundle> {
    const start = performance.now();
    this.bundle = await bundleClient({ root: this.options.root, islandNames: Object.keys(islandRegistry) });
    this.timings.bundle = performance.now() - start;
    return this.bundle;
  }

  /**
   * Validates, routes and renders. Pages for which `rerender` says false keep their last
   * rendering; everything else (site files, manifest) is always recomputed. With `emit`, each
   * page's HTML is handed over as soon as it is rendered and not kept: a large build writes
   * while it renders and holds no finished pages in memory.
   */
  async compile(options: CompileOptions = {}): Promise<SiteOutput> {
    const { rerender = () => true, emit } = options;
    const raw = this.raw!;
    const images = this.images!;
    const bundle = this.bundle!;
    let clock = performance.now();
    // Markdown needs only the raw files, so it starts before validation: the workers are busy
    // while this thread validates, routes and renders the pages without Markdown.
    const markdown = new Map<string, RenderedMarkdown>();
    let markdownReady: (file: string) => void = () => {};
    const markdownDone = this.renderMarkdown([...raw.posts, ...raw.guides, ...raw.legal], (file, result) => {
      markdown.set(file, result);
      markdownReady(file);
    });
    let model: SiteModel;
    let routes: Route[];
    let redirects: Redirect[];
    try {
      model = validateContent(raw, { ...this.options, env: this.options.env ?? process.env });
      if (this.options.formWebhookUrl) model.data.site.formWebhookUrl = this.options.formWebhookUrl;
      routes = buildRoutes(model);
      redirects = buildRedirects(model, routes);
      checkReferences(raw, model, routes, redirects, new Set(images.map((image) => image.url)));
    } catch (error) {
      await markdownDone.catch(() => undefined);
      throw error;
    }
    this.timings.load += performance.now() - clock;
    clock = performance.now();

    const context: RenderContext = {
      model,
      navigation: buildNavigation(model),
      images: new Map(images.map((image) => [image.url, { width: image.width, height: image.height }])),
      markdown,
      assets: { stylesheet: bundle.stylesheet, siteScript: bundle.siteScript, islands: bundle.islands },
    };
    const pageFiles = new Map<string, string>();
    const output = (page: RenderedPage): PageRecord => {
      if (emit) emit(page.route.file, page.html);
      else pageFiles.set(page.route.file, page.html);
      return { route: page.route, links: page.links, islands: page.islands };
    };
    const byPath = new Map<string, PageRecord>();
    const renderRoute = (route: Route) => {
      const previous = this.rendered.get(route.path);
      const page = previous && !rerender(route) ? previous : withIslandScripts(this.renderer.renderPage(route, context), bundle);
      // Kept for the next selective compile (dev); a build that emits compiles once.
      if (!emit) this.rendered.set(route.path, page);
      byPath.set(route.path, output(page));
    };
    // Each page with Markdown renders as soon as its body is ready (cached ones already are).
    const routeBySource = new Map(routes.filter((route) => hasMarkdown(route)).map((route) => [route.source, route]));
    markdownReady = (file) => {
      const route = routeBySource.get(file);
      if (route) renderRoute(route);
    };
    for (const file of markdown.keys()) markdownReady(file);
    for (const route of routes) if (!hasMarkdown(route)) renderRoute(route);
    await markdownDone;
    const pages = routes.map((route) => byPath.get(route.path)!);
    for (const key of this.rendered.keys()) if (!byPath.has(key)) this.rendered.delete(key);
    for (const redirect of redirects) output(this.renderer.renderRedirect(redirect, context));
    this.timings.render += performance.now() - clock;

    const files = assembleSiteFiles({ root: this.options.root, raw, model, routes, redirects, pages, bundle, images, markdown });
    for (const [file, html] of pageFiles) files.set(file, html);
    return { model, routes, redirects, pages, files, bundle };
  }

  /** JavaScript each page loads, in bytes and gzip bytes. */
  budgets(pages: PageRecord[]): { path: string; islands: string[]; bytes: number; gzip: number }[] {
    const bundle = this.bundle!;
    return pages.map((page) => {
      const entries = [bundle.siteScript, ...(page.islands.length ? [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)] : [])];
      const { bytes, gzip } = measureScripts(bundle, entries);
      return { path: page.route.path, islands: page.islands, bytes, gzip };
    });
  }

  /** Renders each Markdown body whose text changed since it was cached; the rest come from cache. */
  private async renderMarkdown(sources: RawMarkdown[], onResult: (file: string, result: RenderedMarkdown) => void): Promise<void> {
    // Opened in load(); a builder compiled without loading through it gets a memory-only cache.
    this.markdownCache ??= await MarkdownCache.open(undefined);
    const cache = this.markdownCache;
    const missing: (MarkdownSource & { file: string; key: string })[] = [];
    for (const source of sources) {
      const key = cache.key(source.body, source.bodyLine);
      const cached = cache.get(key);
      if (cached) onResult(source.file, cached);
      else missing.push({ markdown: source.body, firstLine: source.bodyLine, file: source.file, key });
    }
    const done = (index: number, result: RenderedMarkdown) => {
      cache.set(missing[index]!.key, result);
      onResult(missing[index]!.file, result);
    };
    let pool = this.pool;
    this.pool = undefined;
    if (!pool && missing.length >= workerThreshold) pool = new MarkdownPool();
    if (pool) {
      try {
        await pool.render(missing, done);
      } finally {
        await pool.close();
      }
    } else {
      await renderMarkdownInline(missing, done);
    }
  }

  /** Stores rendered Markdown for the next build (when a cache file is set). */
  async saveCache(): Promise<void> {
    await this.markdownCache?.save();
  }

  /** Stops any workers still running (a build that failed before rendering). */
  async close(): Promise<void> {
    await this.pool?.close();
    this.pool = undefined;
  }
}

/** Page kinds whose body is a Markdown file. */
function hasMarkdown(route: Route): boolean {
  return route.page.kind === 'blog-post' || route.page.kind === 'guide-article' || route.page.kind === 'legal';
}
