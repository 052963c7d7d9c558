import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RecordedLink } from '../../templates/components/page-context.ts';
import { islands as islandRegistry } from '../../client/islands/index.ts';
import { bundleClient, measureScripts, type Bundle } from './bundle.ts';
import { loadContent } from './content.ts';
import { loadImages } from './images.ts';
import { buildManifest, manifestFile } from './manifest.ts';
import { getSharedHighlighter, type RenderedMarkdown } from './markdown.ts';
import { renderMarkdownBatch } from './markdown-pool.ts';
import { validateContent, type SiteModel } from './model.ts';
import { buildNavigation } from './navigation.ts';
import { checkReferences } from './references.ts';
import { renderPage, renderRedirect, type RenderContext, type RenderedPage } from './render.tsx';
import { buildRedirects, buildRoutes } from './routes.ts';
import { renderFeed, renderRedirectsFile, renderRobots, renderSitemap } from './site-files.ts';
import type { Writer } from './write.ts';

export interface BuildOptions {
  /** Project root: content/, templates/ and client/ live here. */
  root: string;
  /** Content folder; `<root>/content` by default. */
  contentDir?: string;
  writer: Writer;
  siteUrl?: string;
  drafts?: boolean;
  future?: boolean;
  env?: Record<string, string | undefined>;
  now?: Date;
  /** Runs after everything is written and before it is committed; a throw aborts the build. */
  beforeCommit?: (result: BuildResult) => Promise<void>;
}

/** JavaScript one page loads. */
export interface PageBudget {
  path: string;
  islands: string[];
  bytes: number;
  gzip: number;
}

export type Phase = 'load' | 'render' | 'bundle' | 'write' | 'check';

export interface BuildResult {
  model: SiteModel;
  pages: RenderedPage[];
  redirects: number;
  files: number;
  budgets: PageBudget[];
  timings: Record<Phase, number>;
  /** Wall time of the whole build; phases overlap (bundling runs beside loading). */
  totalMs: number;
}

/** Runs a whole build: load, validate, route, render, bundle and write; commits only on success. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { writer } = options;
  const started = performance.now();
  try {
    const result = await runBuild(options);
    const start = performance.now();
    await options.beforeCommit?.(result);
    result.timings.check = performance.now() - start;
    await writer.commit();
    result.totalMs = performance.now() - started;
    return result;
  } catch (error) {
    await writer.abort();
    throw error;
  }
}

async function runBuild(options: BuildOptions): Promise<BuildResult> {
  const timings: Record<Phase, number> = { load: 0, render: 0, bundle: 0, write: 0, check: 0 };
  const contentDir = options.contentDir ?? path.join(options.root, 'content');
  let clock = performance.now();
  const lap = (phase: Phase) => {
    const now = performance.now();
    timings[phase] += now - clock;
    clock = now;
  };

  const bundling = timed(() => bundleClient({ root: options.root, islandNames: Object.keys(islandRegistry) }));
  const [raw, images] = await Promise.all([loadContent(contentDir), loadImages(path.join(contentDir, 'images')), getSharedHighlighter()]);
  const model = validateContent(raw, { drafts: options.drafts, future: options.future, env: options.env ?? process.env, now: options.now, siteUrl: options.siteUrl });
  const routes = buildRoutes(model);
  const redirects = buildRedirects(model, routes);
  checkReferences(raw, model, routes, redirects, new Set(images.map((image) => image.url)));
  lap('load');

  const markdown = await renderAllMarkdown(model);
  lap('render');
  const { value: bundle, ms: bundleMs } = await bundling;
  // Bundling ran alongside loading and Markdown; only the wait for it, if any, adds to the total.
  timings.bundle = bundleMs;
  clock = performance.now();
  const context: RenderContext = {
    model,
    navigation: buildNavigation(model),
    images: new Map(images.map((image) => [image.url, { width: image.width, height: image.height }])),
    markdown,
    assets: { stylesheet: bundle.stylesheet, siteScript: bundle.siteScript, islands: bundle.islands },
  };
  const pages = routes.map((route) => withIslandScripts(renderPage(route, context), bundle));
  const redirectPages = redirects.map((redirect) => renderRedirect(redirect, context));
  lap('render');

  const { writer } = options;
  const site = model.data.site;
  const writes: Promise<void>[] = [
    ...[...pages, ...redirectPages].map((page) => writer.write(page.route.file, page.html)),
    ...bundle.files.map((file) => writer.write(file.url.slice(1), file.contents)),
    ...images.map((image) => writer.write(image.url.slice(1), image.contents)),
    writer.write('sitemap.xml', renderSitemap(site.siteUrl, routes, lastModifiedByPath(model))),
    writer.write('robots.txt', renderRobots(site.siteUrl)),
    writer.write('feed.xml', renderFeed({ siteUrl: site.siteUrl, title: `${site.brand} ${model.data.blog.post.titleSuffix}`, description: model.data.blog.meta.description, posts: model.posts })),
    writer.write('_redirects', renderRedirectsFile(redirects)),
    writer.write(manifestFile, JSON.stringify(buildManifest({ siteUrl: site.siteUrl, root: options.root, raw, pages, redirects, extraLinks: markdownLinks(model, markdown, options.root) }))),
  ];
  await Promise.all(writes);
  lap('write');

  return {
    model,
    pages,
    redirects: redirects.length,
    files: writes.length,
    budgets: pages.map((page) => ({ path: page.route.path, islands: page.islands, ...measurePage(page, bundle) })),
    timings,
    totalMs: 0,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** Renders every Markdown body once; the highlighter is shared by all of them. */
async function renderAllMarkdown(model: SiteModel): Promise<Map<string, RenderedMarkdown>> {
  const sources = [...model.posts, ...model.guides, ...model.legal];
  const rendered = await renderMarkdownBatch(sources.map((source) => ({ markdown: source.body, firstLine: source.bodyLine })));
  return new Map(sources.map((source, index) => [source.file, rendered[index]!]));
}

/** Links written in Markdown, by the route that shows them, with their file and line. */
function markdownLinks(model: SiteModel, markdown: Map<string, RenderedMarkdown>, root: string): Map<string, RecordedLink[]> {
  const byRoute = new Map<string, RecordedLink[]>();
  const add = (routePath: string, file: string) => {
    const links = markdown.get(file)?.links ?? [];
    byRoute.set(routePath, links.map((link) => ({ href: link.href, origin: { kind: 'markdown', file: path.relative(root, file), line: link.line, column: link.column } })));
  };
  for (const post of model.posts) add(`/blog/${post.slug}`, post.file);
  for (const guide of model.guides) add(`/guides/content/${guide.topic}`, guide.file);
  for (const legal of model.legal) add(`/${legal.slug}`, legal.file);
  return byRoute;
}

/** Pages with islands load the hydration script; the preloads fetch React and the islands in parallel. */
function withIslandScripts(page: RenderedPage, bundle: Bundle): RenderedPage {
  if (page.islands.length === 0) return page;
  const { files } = measureScripts(bundle, [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)]);
  const preloads = files.filter((url) => url !== bundle.hydrateScript).map((url) => `<link rel="modulepreload" href="${url}"/>`).join('');
  const script = `${preloads}<script type="module" src="${bundle.hydrateScript}"></script></head>`;
  return { ...page, html: page.html.replace('</head>', script) };
}

function measurePage(page: RenderedPage, bundle: Bundle): { bytes: number; gzip: number } {
  const entries = [bundle.siteScript, ...(page.islands.length ? [bundle.hydrateScript, ...page.islands.map((name) => bundle.islands[name]!)] : [])];
  const { bytes, gzip } = measureScripts(bundle, entries);
  return { bytes, gzip };
}

function lastModifiedByPath(model: SiteModel): Map<string, Date> {
  const dates = new Map<string, Date>(model.posts.map((post) => [`/blog/${post.slug}`, post.date]));
  if (model.posts[0]) dates.set('/blog', model.posts[0].date);
  return dates;
}

