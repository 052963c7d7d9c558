import path from 'node:path';
import type { BundledTheme } from 'shiki';
import type { Bundle } from '../bundle/bundle-client.ts';
import { fontUrls } from '../bundle/bundle-client.ts';
import type { Cache } from '../cache/cache.ts';
import { engineIdentity } from '../cache/engine-identity.ts';
import { pageKey, readCachedPage, sharedPageKey, storePage, type CachedPage, type PageFacts } from './page-reuse.ts';
import type { RunMemory } from '../cache/run-memory.ts';
import { collectSiteErrors, SiteError, SiteErrorList } from '../errors.ts';
import { missingMarkdownImages } from '../render/markdown/check-markdown-images.ts';
import { inlineScriptsOf } from '../render/inline-scripts.ts';
import {
  makeCopy,
  type CopiedBody,
  type CopyContext,
  type MarkdownCopy,
  type WrittenCopy,
} from '../render/markdown-copy.ts';
import { LlmsFullText } from '../write/llms-txt.ts';
import { withIslandScripts } from '../render/island-scripts.ts';
import { applyLanguageRule } from '../render/markdown/accessibility-lint.ts';
import { applyEmbedRule } from '../render/markdown/markdown-embeds.ts';
import { withoutSitePlaceholders } from '../render/markdown/template-tags.ts';
import { renderBodies, type MarkdownBody } from '../render/markdown/render-bodies.ts';
import { resolveRelativeReferences } from '../render/markdown/relative-references.ts';
import { isRelativeReference } from '../shared/url-reference.ts';
import type { RenderedMarkdown } from '../render/markdown/render-markdown.ts';
import type { ImageIndex, RecordedLink } from '../config/render-context.ts';
import {
  renderPage,
  renderRedirect,
  type PageRecord,
  type RenderedPage,
  type SharedContext,
} from '../render/render-page.ts';
import type { Route } from '../route/routes.ts';
import type { ShareImages } from '../share-card/share-images.ts';
import type { RoutedStep } from './route-step.ts';

export interface RenderOptions {
  bundle: Bundle;
  images: ImageIndex;
  shareImages?: ShareImages;
  cache: Cache;
  /** Most threads that may render Markdown at once. */
  threads?: number;
  /**
   * Receives each page as soon as it is ready; `facts` are what later steps found in it, when it
   * comes from the cache.
   */
  emit: (file: string, html: string, facts?: PageFacts) => void;
  /** Receives each page's Markdown copy as soon as it is ready (markdown-copy.ts). */
  emitCopy?: (copy: MarkdownCopy) => void;
  /** What later steps found in a page just emitted, kept with it in the cache. */
  factsOf?: (file: string) => PageFacts;
  /**
   * Pages kept in memory by a long-running process (`dev`): taken from there before the cache, and
   * every page of this render kept there.
   */
  memory?: RunMemory<CachedPage>;
  /**
   * Renders only the routes for which this says true; the others are left out (`dev` re-renders
   * what an edit touched).
   */
  only?: (route: Route) => boolean;
  /** Called as pages are done, for a progress line. */
  onPage?: (done: number, total: number) => void;
  /**
   * Called once every Markdown body to render has been rendered and found without problems (at
   * once when there is none): the build starts encoding images then, so that a content error
   * stops it before any image is encoded.
   */
  onBodiesChecked?: () => void;
}

/** The site with every page rendered (and handed to `emit`). */
export interface RenderedStep extends RoutedStep {
  bundle: Bundle;
  /** One record per route rendered or taken from the cache, in route order. */
  pages: PageRecord[];
  /** The links of the Markdown bodies each page shows, by route path, with their files and lines. */
  bodyLinks: Map<string, RecordedLink[]>;
  /** The text of every inline script the pages run, for the Content-Security-Policy's hashes. */
  inlineScripts: Set<string>;
  /** Pages rendered afresh; the others came from the page cache. */
  renderedPages: number;
  /** The images pages were rendered with: sizes and variants, by public path. */
  imageIndex: ImageIndex;
  /**
   * What was left out of the Markdown bodies the pages show (HTML the sanitizer removed, embeds the
   * site refused), by file in route order: they do not fail the build.
   */
  warnings: SiteError[];
  /** Problems in the bodies of the drafts this build leaves out: warnings. */
  draftWarnings: SiteError[];
  /** Where the Markdown copy of each page that has one was written, and its links, by route path, in route order. */
  copies: Map<string, WrittenCopy>;
  /** llms-full.txt, when the site has one. */
  llmsFull?: string;
}

/** What one render step keeps as it goes: the pages done, what they link and run, each body's warnings. */
interface RenderRun {
  routed: RoutedStep;
  options: RenderOptions;
  site: RoutedStep['site']['definition'];
  /** The site definition's file, relative to the project: the template file of a site that names none. */
  definitionFile: string;
  /** The context every page renders in; its `markdown` fills as the bodies are rendered. */
  context: SharedContext & { markdown: Map<string, RenderedMarkdown> };
  routes: Route[];
  sources: Map<string, MarkdownBody>;
  /** The entries that are page bundles, whose relative references lead to their own folder. */
  bundled: Set<string>;
  pageKeys: Map<string, string>;
  records: Map<string, PageRecord>;
  bodyLinks: Map<string, RecordedLink[]>;
  inlineScripts: Set<string>;
  /**
   * Warnings of each body, whether it was rendered, read from the Markdown cache or shown by a page
   * from the page cache.
   */
  bodyWarnings: Map<string, SiteError[]>;
  /** The Markdown copy of each page that has one, by route path, and what their URLs are resolved against. */
  copies: Map<string, WrittenCopy>;
  copyContext: CopyContext;
  /** llms-full.txt as the copies come: only what it can hold of their texts is kept. */
  llmsFull?: LlmsFullText;
  /** Tags a collection's site fills in itself (`placeholders` of a collection), by body file: no other generator's. */
  placeholders: Map<string, (tag: string) => boolean>;
  /** Counts a page done, for the progress line. */
  finished: () => void;
}

/**
 * Render: every route's page and every redirect page. A page whose inputs are those of a page in
 * the cache (page-reuse.ts) is taken from it; the Markdown of the pages left to render is
 * rendered (from its own cache where it can be), and each page renders as soon as its bodies are
 * ready.
 */
export async function renderStep(routed: RoutedStep, options: RenderOptions): Promise<RenderedStep> {
  const run = startRender(routed, options);
  const toRender = publishCachedPages(run);
  const [missingImages, draftWarnings] = await Promise.all([
    renderPagesAsBodiesArrive(run, toRender),
    options.only
      ? []
      : draftBodyWarnings(routed, options.images, options.cache, options.threads, run.site.markdown?.theme),
  ]);
  if (missingImages.length > 0) throw new SiteErrorList(missingImages);
  options.onBodiesChecked?.();
  if (!options.only) renderRedirectPages(run);
  const pages = run.routes.map((route) => run.records.get(route.path)!);
  const warnings = [...new Set(run.routes.flatMap((route) => route.bodies))].flatMap(
    (file) => run.bodyWarnings.get(file) ?? [],
  );
  const { bodyLinks, inlineScripts } = run;
  const copies = new Map(
    run.routes.flatMap((route) =>
      run.copies.has(route.path) ? [[route.path, run.copies.get(route.path)!] as const] : [],
    ),
  );
  return {
    ...routed,
    bundle: options.bundle,
    pages,
    bodyLinks,
    inlineScripts,
    renderedPages: toRender.length,
    imageIndex: options.images,
    warnings,
    draftWarnings,
    copies,
    ...(run.llmsFull ? { llmsFull: run.llmsFull.text() } : {}),
  };
}

function startRender(routed: RoutedStep, options: RenderOptions): RenderRun {
  const { bundle, images, shareImages, cache, memory } = options;
  const search = routed.search ? { search: routed.search.script } : {};
  const assets = {
    stylesheet: bundle.stylesheet,
    siteScript: bundle.siteScript,
    islands: bundle.islands,
    fonts: fontUrls(bundle),
    ...search,
  };
  const routes = options.only ? routed.routes.filter(options.only) : routed.routes;
  const sources = markdownSources(routed);
  const keyed = cache.enabled || memory;
  const llms = routed.site.definition.llms?.(routed.model);
  let done = 0;
  return {
    routed,
    options,
    site: routed.site.definition,
    definitionFile: path.relative(routed.root, routed.site.file),
    context: { model: routed.model, images, shareImages, markdown: new Map(), assets },
    routes,
    sources,
    bundled: new Set(routed.pageBundles.map((bundle) => bundle.entry)),
    pageKeys: keyed ? keysOf(routed, routes, sources, { bundle, images, shareImages }) : new Map<string, string>(),
    records: new Map(),
    bodyLinks: new Map(),
    inlineScripts: new Set(),
    bodyWarnings: new Map(),
    copies: new Map(),
    copyContext: { siteUrl: routed.settings.siteUrl, root: routed.root, addresses: routed.addresses, images },
    ...(llms?.full ? { llmsFull: new LlmsFullText(llms, routed.routes) } : {}),
    placeholders: placeholdersOf(routed),
    finished: () => options.onPage?.(++done, routes.length),
  };
}

/** Publishes the pages the cache holds as they are; returns the routes left to render. */
function publishCachedPages(run: RenderRun): Route[] {
  const { options, records, bodyLinks, bodyWarnings } = run;
  const toRender: Route[] = [];
  for (const route of run.routes) {
    const key = run.pageKeys.get(route.path);
    const cached = key ? (options.memory?.get(key) ?? readCachedPage(options.cache, key)) : undefined;
    if (!cached || (route.copy !== undefined && cached.copy === undefined)) {
      toRender.push(route);
      continue;
    }
    options.memory?.set(key!, cached);
    options.emit(route.file, cached.html, cached);
    keepCopy(run, route, cached.copy);
    for (const script of cached.inlineScripts ?? inlineScriptsOf(cached.html)) run.inlineScripts.add(script);
    records.set(route.path, { route, links: cached.links, islands: cached.islands });
    bodyLinks.set(route.path, cached.bodyLinks);
    for (const file of route.bodies) {
      if (bodyWarnings.has(file)) continue;
      bodyWarnings.set(
        file,
        cached.bodyWarnings.filter((warning) => warning.file === file).map((warning) => new SiteError(warning)),
      );
    }
    run.finished();
  }
  return toRender;
}

/** Renders one page, publishes it, and keeps it in the page cache with what the build needs of it. */
function renderOne(run: RenderRun, route: Route): void {
  const { options, context } = run;
  const page = withIslandScripts(renderPage(run.site, route, context, run.definitionFile), options.bundle);
  options.emit(route.file, page.html);
  const copy = route.copy && makeCopy(route, copiedBody(run, route), run.copyContext);
  keepCopy(run, route, copy);
  const inlineScripts = inlineScriptsOf(page.html);
  for (const script of inlineScripts) run.inlineScripts.add(script);
  const links = bodyLinksOf(run.routed.root, route, context.markdown);
  run.records.set(route.path, { route, links: page.links, islands: page.islands });
  run.bodyLinks.set(route.path, links);
  const key = run.pageKeys.get(route.path);
  if (key) {
    const warnings = route.bodies
      .flatMap((file) => run.bodyWarnings.get(file) ?? [])
      .map((warning) => ({
        code: warning.code,
        message: warning.message,
        ...(warning.hint ? { hint: warning.hint } : {}),
        file: warning.file!,
        line: warning.line,
        column: warning.column,
      }));
    const kept: CachedPage = {
      html: page.html,
      links: page.links,
      islands: page.islands,
      bodyLinks: links,
      bodyWarnings: warnings,
      inlineScripts,
      ...(copy ? { copy } : {}),
      ...options.factsOf?.(route.file),
    };
    storePage(options.cache, key, kept);
    options.memory?.set(key, kept);
  }
  run.finished();
}

/**
 * Hands a page's Markdown copy on to be written, and keeps where it went and its links; its text
 * only while llms-full.txt may still hold it.
 */
function keepCopy(run: RenderRun, route: Route, copy: MarkdownCopy | undefined): void {
  if (!copy) return;
  run.copies.set(route.path, { file: copy.file, url: copy.url, refs: copy.refs });
  run.llmsFull?.offer(route.path, copy.text);
  run.options.emitCopy?.(copy);
}

/** The Markdown file a route's copy holds, as written and as rendered; none for Markdown the site writes. */
function copiedBody(run: RenderRun, route: Route): CopiedBody | undefined {
  const spec = route.copy!.spec.body;
  if (!('file' in spec)) return undefined;
  const source = run.sources.get(spec.file);
  const written = run.context.markdown.get(spec.file);
  if (!source || !written)
    throw new Error(
      `the Markdown copy of ${route.path} holds ${spec.file}, a file the build does not render as a body (only a collection with a schema is)`,
    );
  const url = run.routed.addresses.pages.get(spec.file);
  return {
    file: spec.file,
    text: source.body,
    bodyLine: source.bodyLine,
    rendered: written,
    ...(url ? { page: { url, bundle: run.bundled.has(spec.file) } } : {}),
  };
}

/** Tags a collection's site fills in itself are no other generator's (`placeholders` of a collection), by body file. */
function placeholdersOf(routed: RoutedStep): Map<string, (tag: string) => boolean> {
  const site = routed.site.definition;
  return new Map(
    Object.entries(routed.content.collections).flatMap(([name, entries]) => {
      const rule = site.content.collections[name]?.placeholders;
      return rule ? entries.map((entry) => [entry.file, rule] as const) : [];
    }),
  );
}

/**
 * Renders the pages without bodies at once, and each other one as soon as its last body is
 * ready. Resolves with the bodies' references to images and files the site does not have: their
 * pages are not rendered.
 */
async function renderPagesAsBodiesArrive(run: RenderRun, toRender: Route[]): Promise<SiteError[]> {
  const waiting = new Map<string, Route[]>();
  const missingBodies = new Map<Route, number>();
  // Pages left to render that show each body: once none is, the body is let go, so that a large
  // site never holds every rendered body at once.
  const pagesLeft = new Map<string, number>();
  const render = (route: Route) => {
    renderOne(run, route);
    for (const file of new Set(bodiesShown(route))) {
      const left = pagesLeft.get(file)! - 1;
      pagesLeft.set(file, left);
      if (left === 0) run.context.markdown.delete(file);
    }
  };
  for (const route of toRender) {
    for (const file of new Set(bodiesShown(route))) pagesLeft.set(file, (pagesLeft.get(file) ?? 0) + 1);
    const bodies = route.bodies.filter((file) => run.sources.has(file));
    missingBodies.set(route, bodies.length);
    for (const file of bodies) waiting.set(file, [...(waiting.get(file) ?? []), route]);
  }
  for (const route of toRender) if (missingBodies.get(route) === 0) render(route);
  const missingImages: SiteError[] = [];
  const onBody = (file: string, written: RenderedMarkdown) => {
    const problems = acceptBody(run, file, written);
    if (problems === undefined) return;
    if (problems.length > 0) {
      missingImages.push(...problems);
      return;
    }
    for (const route of waiting.get(file) ?? []) {
      const left = missingBodies.get(route)! - 1;
      missingBodies.set(route, left);
      if (left === 0) render(route);
    }
  };
  const { cache, threads } = run.options;
  const bodies = [...waiting.keys()].flatMap((file) => run.sources.get(file) ?? []);
  await renderBodies(bodies, { cache, threads, theme: run.site.markdown?.theme, onBody });
  return missingImages;
}

/** The Markdown files a route's page reads as it renders: its bodies, and the one its copy holds. */
function bodiesShown(route: Route): string[] {
  const copied = route.copy?.spec.body;
  return copied && 'file' in copied ? [...route.bodies, copied.file] : route.bodies;
}

/**
 * Takes a rendered body into the run: the site's rule for embeds and its language's for text in
 * other scripts (the site's, so not part of the body's cached render), its warnings, its relative references resolved.
 * Returns what it
 * names that the site does not have; undefined for a body with problems, which fails the build
 * (renderBodies rejects with them once every body is done): its pages are not rendered, so no
 * page with a problem is ever stored, and the next build reports them again.
 */
function acceptBody(run: RenderRun, file: string, written: RenderedMarkdown): SiteError[] | undefined {
  const { routed, site } = run;
  const { body, warnings } = applyEmbedRule(written, site.markdown?.embeds);
  const language = applyLanguageRule(body.foreignText, routed.settings.language);
  const own = withoutSitePlaceholders(body.warnings ?? [], run.placeholders.get(file));
  const located = [...own, ...warnings, ...language].sort((a, b) => a.line - b.line || a.column - b.column);
  run.bodyWarnings.set(
    file,
    located.map((warning) => new SiteError({ ...warning, file })),
  );
  const url = routed.addresses.pages.get(file);
  const resolved = resolveRelativeReferences(
    file,
    body,
    routed.addresses,
    url ? { url, bundle: run.bundled.has(file) } : undefined,
  );
  run.context.markdown.set(file, resolved.body);
  const problems = [...resolved.problems, ...missingMarkdownImages(file, resolved.body, run.options.images)];
  if (problems.length > 0) return problems;
  return body.problems?.length ? undefined : [];
}

/** The page left at each redirect's old address. */
function renderRedirectPages(run: RenderRun): void {
  for (const redirect of run.routed.redirects) {
    const page = renderRedirect(run.site, redirect, run.context, run.definitionFile);
    run.options.emit(redirect.file, page.html);
    for (const script of inlineScriptsOf(page.html)) run.inlineScripts.add(script);
  }
}

/**
 * The problems of the bodies of the drafts this build leaves out, which it would refuse in an
 * entry it builds: rendered (from the cache where it can) and checked as those are, as warnings.
 * Their relative images are looked for among the files of their own folder; they have no page.
 */
async function draftBodyWarnings(
  routed: RoutedStep,
  images: ImageIndex,
  cache: Cache,
  threads: number | undefined,
  theme: BundledTheme | undefined,
): Promise<SiteError[]> {
  const drafts = routed.content.draftsLeftOut;
  if (drafts.length === 0) return [];
  const files = new Map<string, string>();
  for (const draft of drafts) {
    const bundle = draft.bundle && routed.bundles.get(draft.bundle);
    if (!bundle) continue;
    for (const image of [...bundle.images.svg, ...bundle.images.raster]) files.set(image.source, image.url);
    for (const file of bundle.files) files.set(file.source, `/${file.path}`);
  }
  const bundled = new Set(drafts.flatMap((draft) => (draft.bundle ? [draft.file] : [])));
  const warnings: SiteError[] = [];
  try {
    await renderBodies(
      drafts.map((draft) => ({ file: draft.file, body: draft.body, bodyLine: draft.bodyLine })),
      {
        cache,
        threads,
        theme,
        onBody: (file, body) => {
          const resolved = resolveRelativeReferences(
            file,
            body,
            { files, pages: new Map() },
            { bundle: bundled.has(file) },
          );
          // A relative image was looked for beside the draft (a problem above when it is not there):
          // only the images it names by site path are the site's to have.
          const siteImages = {
            ...resolved.body,
            images: resolved.body.images?.filter((_image, index) => !isRelativeReference(body.images![index]!.src)),
          };
          warnings.push(...resolved.problems, ...missingMarkdownImages(file, siteImages, images));
        },
      },
    );
  } catch (error) {
    const problems = collectSiteErrors(error);
    if (!problems) throw error;
    warnings.push(...problems);
  }
  return warnings;
}

/** Every Markdown body of the site's collections with a schema, by file: what pages render. */
function markdownSources(routed: RoutedStep): Map<string, MarkdownBody> {
  const site = routed.site.definition;
  const bodies = new Map<string, MarkdownBody>();
  for (const [name, entries] of Object.entries(routed.content.collections)) {
    if (!site.content.collections[name]?.schema) continue;
    for (const entry of entries)
      bodies.set(entry.file, { file: entry.file, body: entry.body, bodyLine: entry.bodyLine });
  }
  return bodies;
}

/** Each route's page-cache key. */
function keysOf(
  routed: RoutedStep,
  routes: Route[],
  sources: Map<string, MarkdownBody>,
  parts: { bundle: Bundle; images: ImageIndex; shareImages?: ShareImages },
): Map<string, string> {
  const shared = sharedPageKey({
    engine: engineIdentity(),
    code: routed.site.codeHash,
    bundle: { ...parts.bundle, files: parts.bundle.files.map((file) => file.url) },
    images: parts.images,
    shareImages: parts.shareImages,
    // Where relative references of bodies lead: every entry's page and every bundle file's address.
    addresses: routed.addresses,
    model: routed.model,
    bodies: new Set([...sources.values()].map((source) => source.body)),
    content: routed.content,
  });
  return new Map(routes.map((route) => [route.path, pageKey(shared, route, (file) => sources.get(file))]));
}

/** The links written in the Markdown bodies a route shows, each at its file and line. */
function bodyLinksOf(root: string, route: Route, rendered: ReadonlyMap<string, RenderedMarkdown>): RecordedLink[] {
  return route.bodies.flatMap((file) =>
    (rendered.get(file)?.links ?? []).map((link) => ({
      href: link.href,
      origin: { kind: 'markdown' as const, file: path.relative(root, file), line: link.line, column: link.column },
    })),
  );
}

export type { RenderedPage };
