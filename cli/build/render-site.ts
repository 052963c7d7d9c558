import type { Bundle } from '../bundle/bundle-client.ts';
import type { ShareImages } from '../share-card/share-images.ts';
import { SiteErrorList, type SiteError } from '../errors.ts';
import { missingMarkdownImages } from '../images/check-markdown-images.ts';
import type { ImageEntry } from '../images/picture-sources.ts';
import { inlineScriptsOf } from '../render/inline-scripts.ts';
import { withIslandScripts } from '../render/island-scripts.ts';
import type { MarkdownRun } from '../render/markdown/render-all-markdown.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import * as compiledRenderer from '../render/render-page.tsx';
import type { PageRecord, RenderContext, RenderedPage } from '../render/render-page.tsx';
import { buildNavigation } from '../route/navigation.ts';
import type { Route } from '../route/routes.ts';
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
}

/** Render: every route's page and every redirect page, with the bundle's scripts and styles. */
export async function renderSite(routed: RoutedSite, options: RenderSiteOptions): Promise<RenderedSite> {
  const { bundle, markdown, images, shareImages, renderer = compiledRenderer, emit, previous, rerender = () => true } = options;
  const context: RenderContext = {
    model: routed.model,
    navigation: buildNavigation(routed.model),
    images,
    markdown: markdown.bodies,
    shareImages,
    assets: { stylesheet: bundle.stylesheet, siteScript: bundle.siteScript, islands: bundle.islands },
  };
  const html = new Map<string, string>();
  const rendered = new Map<string, RenderedPage>();
  const inlineScripts = new Set<string>();
  const output = (page: RenderedPage): PageRecord => {
    for (const script of inlineScriptsOf(page.html)) inlineScripts.add(script);
    if (emit) emit(page.route.file, page.html);
    else html.set(page.route.file, page.html);
    return { route: page.route, links: page.links, islands: page.islands };
  };
  const records = new Map<string, PageRecord>();
  const renderRoute = (route: Route) => {
    const last = previous?.get(route.path);
    const page = last && !rerender(route) ? last : withIslandScripts(renderer.renderPage(route, context), bundle);
    if (!emit) rendered.set(route.path, page);
    records.set(route.path, output(page));
  };
  // Pages without Markdown render at once; each other one as soon as its body is ready.
  const bySource = new Map(routed.routes.filter(hasMarkdown).map((route) => [route.source, route]));
  for (const route of routed.routes) if (!hasMarkdown(route)) renderRoute(route);
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
  return { ...routed, bundle, pages, markdown: bodies, html, rendered, inlineScripts };
}

/** Page kinds whose body is a Markdown file. */
function hasMarkdown(route: Route): boolean {
  return route.page.kind === 'blog-post' || route.page.kind === 'guide-article' || route.page.kind === 'legal';
}
