import { readFile } from 'node:fs/promises';
import { assembleSiteFiles } from '../write/assemble-site-files.ts';
import type { Writer } from '../write/writers.ts';
import type { RenderedSite } from './render-site.ts';

/** Every file of the site not yet handed to the writer: sitemap, feed, assets, manifest, and pages not emitted. */
export function siteFiles(site: RenderedSite): Map<string, string | Uint8Array> {
  const { root, raw, model, routes, redirects, pages, bundle, images, markdown, inlineScripts } = site;
  const files = assembleSiteFiles({ root, raw, model, routes, redirects, pages, bundle, images, markdown, inlineScripts });
  for (const [file, html] of site.html) files.set(file, html);
  return files;
}

/**
 * Write: hands files to the writer's staging area as they come (pages while the rest render)
 * and reports the first failed write once every write has ended, so that the writer can
 * drop its staging folder with nothing still writing into it.
 */
export class StagedWrites {
  private readonly pending: Promise<void>[] = [];
  private failure: { error: unknown } | undefined;

  constructor(private readonly writer: Writer) {}

  /** Starts writing one file; a failure is reported by `finish`. */
  readonly write = (file: string, contents: string | Uint8Array): void => {
    this.pending.push(this.writer.write(file, contents).catch((error: unknown) => {
      this.failure ??= { error };
    }));
  };

  /** Starts writing the finished file `source` at `file`: a hard link where the writer makes one (see DiskWriter.link), else its bytes. */
  readonly link = (file: string, source: string): void => {
    const writing = this.writer.link ? this.writer.link(file, source) : readFile(source).then((bytes) => this.writer.write(file, bytes));
    this.pending.push(writing.catch((error: unknown) => {
      this.failure ??= { error };
    }));
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
}
