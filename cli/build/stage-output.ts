import { readFile } from 'node:fs/promises';
import type { ScannedHtml } from '../check/html-scan.ts';
import type { MarkdownLink } from '../render/markdown/render-markdown.ts';
import { SiteFacts } from '../check/site-facts.ts';
import { assembleSiteFiles, siteManifest } from '../write/assemble-site-files.ts';
import type { Writer } from '../write/writers.ts';
import type { RenderedSite } from './render-site.ts';

/** Every file of the site not yet handed to the writer: sitemap, feed, assets, manifest, and pages not emitted. */
export function siteFiles(site: RenderedSite, output?: StagedWrites): Map<string, string | Uint8Array> {
  const { root, raw, model, routes, redirects, pages, bundle, images, inlineScripts, cachedMarkdownLinks } = site;
  // Pages taken from the page cache bring their bodies' links; the bodies may not have been rendered.
  const markdown = cachedMarkdownLinks.size === 0 ? site.markdown : new Map<string, { links: MarkdownLink[] }>([
    ...[...cachedMarkdownLinks].map(([file, links]) => [file, { links }] as const),
    ...site.markdown,
  ]);
  const input = { root, raw, model, routes, redirects, pages, bundle, images, markdown, inlineScripts };
  const manifest = siteManifest(input);
  // The checker takes the manifest as built, not parsed back from its text.
  output?.facts?.setManifest(manifest);
  const files = assembleSiteFiles({ ...input, manifest });
  for (const [file, html] of site.html) files.set(file, html);
  return files;
}

/**
 * Write: hands files to the writer's staging area as they come (pages while the rest render)
 * and reports the first failed write once every write has ended, so that the writer can
 * drop its staging folder with nothing still writing into it. With `facts`, it records what
 * the link checker needs of each file as it goes (see SiteFacts).
 */
export class StagedWrites {
  private readonly pending: Promise<void>[] = [];
  private failure: { error: unknown } | undefined;

  constructor(private readonly writer: Writer, readonly facts?: SiteFacts) {}

  /** Starts writing one file; a failure is reported by `finish`. */
  readonly write = (file: string, contents: string | Uint8Array): void => {
    this.facts?.add(file, contents);
    this.track(this.writer.write(file, contents));
  };

  /** Starts writing the finished file `source` at `file`: a hard link where the writer makes one (see DiskWriter.link), else its bytes. */
  readonly link = (file: string, source: string): void => {
    this.facts?.addUnread(file);
    this.track(this.writer.link ? this.writer.link(file, source) : readFile(source).then((bytes) => this.writer.write(file, bytes)));
  };

  /**
   * Starts writing a page taken from the page cache: a hard link to its cached file where the
   * writer makes one, else a copy of it, else its bytes read and verified again (`read`). The
   * checker gets `scan`, what it found in the page when it was rendered, or scans `html`.
   */
  readonly reuse = (file: string, page: { file: string; read(): Uint8Array | undefined; html?: Uint8Array; scan?: ScannedHtml }): void => {
    if (page.scan) this.facts?.addScanned(file, page.scan);
    else if (page.html) this.facts?.add(file, page.html);
    else this.facts?.addUnread(file);
    const write = () => {
      const bytes = page.html ?? page.read();
      if (!bytes) throw new Error(`the page cache's copy of ${file} changed while the build used it; build again`);
      return this.writer.write(file, bytes);
    };
    this.track(this.writer.link ? this.writer.link(file, page.file).catch(write) : Promise.resolve().then(write));
  };

  /** Writes these files too, waits for every write and throws the first failure; resolves with the number of files written. */
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

  private track(writing: Promise<void>): void {
    this.pending.push(writing.catch((error: unknown) => {
      this.failure ??= { error };
    }));
  }
}
