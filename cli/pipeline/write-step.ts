import type { ScannedHtml, ScannedRef } from '../check/html-scan.ts';
import type { SiteFacts } from '../check/site-facts.ts';
import { manifestFileName } from '../write/route-manifest.ts';
import { ContentFiles } from '../shared/read-content-file.ts';
import { renderFeed } from '../write/feed.ts';
import { llmsFile, llmsFullFile, renderLlmsTxt } from '../write/llms-txt.ts';
import type { PlannedFiles } from './claim-step.ts';
import { renderHeadersFile } from '../write/headers-file.ts';
import { renderRedirectsFile } from '../write/redirects-file.ts';
import { buildManifest } from '../write/route-manifest.ts';
import { renderRobots } from '../write/robots-txt.ts';
import { renderSitemap } from '../write/sitemap.ts';
import { serverFactsFile, serverFactsOf } from '../server/server-facts.ts';
import type { Writer } from '../write/writers.ts';
import type { RenderedStep } from './render-step.ts';

/**
 * Every file of the site besides the pages, their Markdown copies and raster images: the client
 * bundle, SVGs, the plain files of page bundles (read now, through the content guards), sitemap,
 * robots.txt, llms.txt and llms-full.txt, feeds and the site's files (as the claim step planned
 * them), host rules and the route manifest. With `facts`, the links of llms.txt are recorded as
 * it is made, for the link checker.
 */
export function siteFiles(
  site: RenderedStep,
  planned: PlannedFiles,
  facts?: SiteFacts,
): Map<string, string | Uint8Array> {
  const { settings, routes, redirects, bundle, images, inlineScripts, pages, bodyLinks } = site;
  const definition = site.site.definition;
  const files = new Map<string, string | Uint8Array>();
  for (const file of bundle.files) files.set(file.url.slice(1), file.contents);
  for (const image of images.svg) files.set(image.url.slice(1), image.contents);
  const content = new ContentFiles(site.contentDir);
  for (const file of site.pageBundles.flatMap((placed) => placed.files))
    files.set(file.url.slice(1), content.readBytes(file.source, 'bundleFileBytes'));
  files.set('sitemap.xml', renderSitemap(settings.siteUrl, routes));
  files.set('robots.txt', renderRobots(settings.siteUrl));
  const llms = definition.llms?.(site.model);
  if (llms) {
    const index = renderLlmsTxt(llms, routes, settings.siteUrl);
    files.set(llmsFile, index.text);
    facts?.addMarkdown(llmsFile, index.refs);
    if (site.llmsFull !== undefined) files.set(llmsFullFile, site.llmsFull);
  }
  for (const feed of planned.feeds) files.set(feed.path.slice(1), renderFeed(feed, settings));
  for (const file of planned.files) files.set(file.file, file.contents);
  files.set('_redirects', renderRedirectsFile(redirects));
  const downloads = site.pageBundles
    .flatMap((placed) => placed.files)
    .filter((file) => file.attachment)
    .map((file) => file.url);
  files.set(
    '_headers',
    renderHeadersFile(routes, { additions: definition.csp?.(site.model) ?? {}, inlineScripts }, site.search, downloads),
  );
  const manifest = buildManifest({
    siteUrl: settings.siteUrl,
    root: site.root,
    pages,
    redirects,
    bodyLinks,
    copies: site.copies,
    markdown: llms ? [llmsFile] : [],
  });
  // The checker takes the manifest as built, not parsed back from its text.
  facts?.setManifest(manifest);
  files.set(manifestFileName, JSON.stringify(manifest));
  if (definition.server)
    files.set(
      serverFactsFile,
      JSON.stringify(
        serverFactsOf(
          definition.server,
          site.model,
          settings.siteUrl,
          routes.map((route) => route.path),
        ),
      ),
    );
  return files;
}

/**
 * Write: hands files to the writer's staging area as they come (pages while the rest render)
 * and reports the first failed write once every write has ended, so that the writer can drop
 * its staging folder with nothing still writing into it. With `facts`, it records what the link
 * checker needs of each file as it goes (see SiteFacts).
 */
export class StagedWrites {
  private readonly pending: Promise<void>[] = [];
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly writer: Writer,
    readonly facts?: SiteFacts,
  ) {}

  /** Starts writing a Markdown file whose links are known (a page's copy): the checker takes them from here. */
  readonly writeMarkdown = (file: string, text: string, refs: ScannedRef[]): void => {
    this.facts?.addMarkdown(file, refs);
    this.write(file, text);
  };

  /**
   * Starts writing one file; `scan` is what the checker found in it before (a page from the cache).
   * A failure is reported by `finish`.
   */
  readonly write = (file: string, contents: string | Uint8Array, scan?: ScannedHtml): void => {
    if (scan) this.facts?.addScanned(file, scan);
    else this.facts?.add(file, contents);
    this.pending.push(
      this.writer.write(file, contents).catch((error: unknown) => {
        this.failure ??= { error };
      }),
    );
  };

  /**
   * Writes these files too, waits for every write and throws the first failure; resolves with the
   * number of files written.
   */
  async finish(files: Map<string, string | Uint8Array>): Promise<number> {
    for (const [file, contents] of files) this.write(file, contents);
    await this.settle();
    if (this.failure) throw this.failure.error;
    return this.pending.length;
  }

  /** Waits for every write started so far, whatever its outcome. */
  async settle(): Promise<void> {
    await Promise.all(this.pending);
  }
}
