import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SiteModel } from '../validate/model.ts';
import type { MarkdownPool } from '../render/markdown/worker-pool.ts';
import type { PageRecord } from '../render/render-page.tsx';
import { SiteBuilder, type Phase } from './site-builder.ts';
import type { Writer } from '../write/writers.ts';

export type { Phase };

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
  /** Keep rendered Markdown between builds in this file; every build renders all Markdown when absent. */
  markdownCacheFile?: string;
  /** Markdown workers already started (see `startMarkdownPoolEarly`); the build closes them. */
  markdownPool?: MarkdownPool;
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

export interface BuildResult {
  model: SiteModel;
  pages: PageRecord[];
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
  const builder = new SiteBuilder({
    root: options.root,
    contentDir: options.contentDir ?? path.join(options.root, 'content'),
    drafts: options.drafts,
    future: options.future,
    env: options.env,
    now: options.now,
    siteUrl: options.siteUrl,
    markdownCacheFile: options.markdownCacheFile,
    markdownPool: options.markdownPool,
  });
  // Pages are written while the rest render; a failed write fails the build once rendering ends.
  const writes: Promise<void>[] = [];
  let writeError: unknown;
  const write = (file: string, contents: string | Uint8Array) => {
    writes.push(writer.write(file, contents).catch((error: unknown) => {
      writeError ??= error;
    }));
  };
  try {
    // esbuild bundles in its own process while content loads and Markdown renders here.
    const bundling = builder.bundleClient();
    // Awaited below; until then (or if loading fails first) its failure must not go unhandled.
    bundling.catch(() => undefined);
    await builder.load();
    await bundling;
    const output = await builder.compile({ emit: write });
    const caching = builder.saveCache();
    let clock = performance.now();
    for (const [file, contents] of output.files) write(file, contents);
    await Promise.all(writes);
    if (writeError) throw writeError;
    builder.timings.write = performance.now() - clock;
    const result: BuildResult = {
      model: output.model,
      pages: output.pages,
      redirects: output.redirects.length,
      files: writes.length,
      budgets: builder.budgets(output.pages),
      timings: builder.timings,
      totalMs: 0,
    };
    clock = performance.now();
    await options.beforeCommit?.(result);
    builder.timings.check = performance.now() - clock;
    await writer.commit();
    await caching;
    result.totalMs = performance.now() - started;
    return result;
  } catch (error) {
    // Nothing may still be writing into the folder that abort removes.
    await Promise.all(writes);
    await writer.abort();
    throw error;
  } finally {
    await builder.close();
  }
}
