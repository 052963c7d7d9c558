import { fontUrls, type Bundle } from '../bundle/bundle-client.ts';
import type { ShareImages } from '../share-card/share-images.ts';
import { SiteErrorList, type SiteError } from '../errors.ts';
import { missingMarkdownImages } from '../images/check-markdown-images.ts';
import type { ImageEntry } from '../images/picture-sources.ts';
import { inlineScriptsOf } from '../render/inline-scripts.ts';
import { withIslandScripts } from '../render/island-scripts.ts';
import type { MarkdownRun } from '../render/markdown/render-all-markdown.ts';
import type { MarkdownLink, RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import * as compiledRenderer from '../render/render-page.tsx';
import type { PageRecord, RenderContext, RenderedPage } from '../render/render-page.tsx';
import { buildNavigation } from '../route/navigation.ts';
import type { Route } from '../route/routes.ts';
import type { SiteModel } from '../validate/model.ts';
import { everyBody, type CachedPage } from './page-cache.ts';
import type { RoutedSite } from './validate-site.ts';

/** The two functions a renderer module provides; dev swaps in a freshly compiled one. */
export type Renderer = Pick<typeof compiledRenderer, 'renderPage' | 'renderRedirect'>;

export interface RenderSiteOptions {
  bundle: Bundle;
  /** The site's Markdown, rendering since before validation; each page renders when its body is ready. */
  markdown: MarkdownRun;
  /** Every image of content/images by public path (the images step's index). */
  images: ReadonlyMap<string, ImageEntry>;
  /** Each page's share picture (the share-card step's plan); pages name none without it. */
  shareImages?: ShareImages;
  /** The page templates; the ones compiled into the CLI by default. */
  renderer?: Renderer;
  /** Receives each page's HTML as soon as it is rendered, instead of `RenderedSite.html`: a large build holds no finished pages. */
  emit?: (file: string, html: string) => void;
  /** The last render's pages by path (dev): a page for which `rerender` says false is taken from here. */
  previous?: ReadonlyMap<string, RenderedPage>;
  rerender?: (route: Route) => boolean;
  /** The page cache's part: pages it holds unchanged are published from it, the others kept in it once rendered. */
  pageCache?: PageReuse;
}

/** What rendering asks of the page cache. */
export interface PageReuse {
  /** Pages unchanged since they were cached, by route path: published from the cache instead of rendered. */
  cached: ReadonlyMap<string, CachedPage>;
  /** Publishes a cached page, as `emit` does a rendered one. */
  publish(page: CachedPage): void;
  /** Keeps a page rendered afresh: `reads` names the Markdown bodies its render read, `markdownLinks` are its own body's links. */
  keep(page: RenderedPage, reads: ReadonlySet<string>, markdownLinks: MarkdownLink[] | undefined): void;
}

/** The routed site with every page rendered. */
export interface RenderedSite extends RoutedSite {
  bundle: Bundle;
  /** One record per route, in route order: its links and islands. */
  pages: PageRecord[];
  markdown: Map<string, RenderedMarkdown>;
  /** The HTML of the pages and redirect pages not handed to `emit`, by output file. */
  html: Map<string, string>;
  /** Each route's page by path, for the next selective render; empty when emitting. */
  rendered: Map<string, RenderedPage>;
  /** The text of every inline script the pages run, for the Content-Security-Policy's hashes. */
  inlineScripts: Set<string>;
  /** The links of the Markdown bodies of pages taken from the page cache, by file (their bodies may not have been rendered). */
  cachedMarkdownLinks: Map<string, MarkdownLink[]>;
  /** Pages rendered afresh (the others came from the page cache or the last render). */
  renderedPages: number;
}

/** The context every page renders in: the model, the navigation, images, share pictures, the bundle's files. */
export function renderContext(routed: RoutedSite, options: Pick<RenderSiteOptions, 'bundle' | 'images' | 'shareImages'>): Omit<RenderContext, 'markdown'> {
  const { bundle, images, shareImages } = options;
  return {
    model: routed.model,
    navigation: buildNavigation(routed.model),
    images,
    shareImages,
    assets: { stylesheet: bundle.stylesheet, siteScript: bundle.siteScript, islands: bundle.islands, fonts: fontUrls(bundle) },
  };
}

/** Render: every route's page and every redirect page, with the bundle's scripts and styles. */
export async function renderSite(routed: RoutedSite, options: RenderSiteOptions): Promise<RenderedSite> {
  const { bundle, markdown, images, shareImages, renderer = compiledRenderer, emit, previous, rerender = () => true, pageCache } = options;
  const context: RenderContext = { ...renderContext(routed, { bundle, images, shareImages }), markdown: markdown.bodies };
  const html = new Map<string, string>();
  const rendered = new Map<string, RenderedPage>();
  const inlineScripts = new Set<string>();
  const cachedMarkdownLinks = new Map<string, MarkdownLink[]>();
  let renderedPages = 0;
  const output = (page: RenderedPage): PageRecord => {
    for (const script of inlineScriptsOf(page.html)) inlineScripts.add(script);
    if (emit) emit(page.route.file, page.html);
    else html.set(page.route.file, page.html);
    return { route: page.route, links: page.links, islands: page.islands };
  };
  const reads = pageCache ? new ReadLog(routed.model) : undefined;
  const renderFresh = (route: Route): RenderedPage => {
    renderedPages++;
    if (!reads) return withIslandScripts(renderer.renderPage(route, context), bundle);
    const read = reads.start(hasMarkdown(route) ? route.source : undefined);
    try {
      return withIslandScripts(renderer.renderPage(route, { ...context, markdown: new RecordedBodies(markdown.bodies, read) }), bundle);
    } finally {
      reads.stop();
    }
  };
  const records = new Map<string, PageRecord>();
  const renderRoute = (route: Route) => {
    const cached = pageCache?.cached.get(route.path);
    if (cached) {
      pageCache!.publish(cached);
      for (const script of cached.inlineScripts) inlineScripts.add(script);
      if (cached.markdownLinks) cachedMarkdownLinks.set(route.source, cached.markdownLinks);
      records.set(route.path, cached.record);
      return;
    }
    const last = previous?.get(route.path);
    const reused = last && !rerender(route);
    const page = reused ? last : renderFresh(route);
    if (!emit) rendered.set(route.path, page);
    records.set(route.path, output(page));
    if (pageCache && !reused) pageCache.keep(page, reads!.last, hasMarkdown(route) ? markdown.bodies.get(route.source)?.links : undefined);
  };
  // Pages without Markdown (or in the page cache) render at once; each other one as soon as its body is ready.
  const waits = (route: Route) => hasMarkdown(route) && !pageCache?.cached.has(route.path);
  const bySource = new Map(routed.routes.filter(waits).map((route) => [route.source, route]));
  for (const route of routed.routes) if (!waits(route)) renderRoute(route);
  // A body naming an image that is not there is reported at its line, and its page not rendered.
  const missingImages: SiteError[] = [];
  const bodies = await markdown.consume((file) => {
    const route = bySource.get(file);
    if (!route) return;
    const missing = missingMarkdownImages(file, markdown.bodies.get(file)!, images);
    if (missing.length === 0) renderRoute(route);
    else missingImages.push(...missing);
  });
  if (missingImages.length > 0) throw new SiteErrorList(missingImages);
  const pages = routed.routes.map((route) => records.get(route.path)!);
  for (const redirect of routed.redirects) output(renderer.renderRedirect(redirect, context));
  return { ...routed, bundle, pages, markdown: bodies, html, rendered, inlineScripts, cachedMarkdownLinks, renderedPages };
}

/**
 * Which Markdown bodies each page's render reads, for the page cache: through the page's
 * `markdown` map (see RecordedBodies) or a model object's `body` (the raw text). Renders are
 * synchronous, so the reads between `start` and `stop` are the page's.
 */
class ReadLog {
  private current: Set<string> | undefined;
  /** The reads of the last page rendered. */
  last: ReadonlySet<string> = new Set();

  constructor(model: SiteModel) {
    for (const item of [...model.posts, ...model.guides, ...model.legal]) {
      const { file, body } = item;
      Object.defineProperty(item, 'body', {
        configurable: true,
        enumerable: true,
        get: () => {
          this.current?.add(file);
          return body;
        },
      });
    }
  }

  /** Starts a page's render; a page of a Markdown file depends on it whether or not it reads it. */
  start(source: string | undefined): Set<string> {
    this.current = new Set(source === undefined ? [] : [source]);
    this.last = this.current;
    return this.current;
  }

  stop(): void {
    this.current = undefined;
  }
}

/** The rendered bodies as one page sees them: every body it asks for is noted; going through all of them depends on all. */
class RecordedBodies implements ReadonlyMap<string, RenderedMarkdown> {
  constructor(private readonly bodies: ReadonlyMap<string, RenderedMarkdown>, private readonly reads: Set<string>) {}

  get(file: string): RenderedMarkdown | undefined {
    this.reads.add(file);
    return this.bodies.get(file);
  }

  has(file: string): boolean {
    this.reads.add(file);
    return this.bodies.has(file);
  }

  get size(): number {
    this.reads.add(everyBody);
    return this.bodies.size;
  }

  forEach(callback: (value: RenderedMarkdown, key: string, map: ReadonlyMap<string, RenderedMarkdown>) => void, thisArg?: unknown): void {
    this.reads.add(everyBody);
    this.bodies.forEach((value, key) => callback.call(thisArg, value, key, this));
  }

  entries(): MapIterator<[string, RenderedMarkdown]> {
    this.reads.add(everyBody);
    return this.bodies.entries();
  }

  keys(): MapIterator<string> {
    this.reads.add(everyBody);
    return this.bodies.keys();
  }

  values(): MapIterator<RenderedMarkdown> {
    this.reads.add(everyBody);
    return this.bodies.values();
  }

  [Symbol.iterator](): MapIterator<[string, RenderedMarkdown]> {
    return this.entries();
  }
}

/** Page kinds whose body is a Markdown file. */
function hasMarkdown(route: Route): boolean {
  return route.page.kind === 'blog-post' || route.page.kind === 'guide-article' || route.page.kind === 'legal';
}
