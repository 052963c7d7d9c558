import path from 'node:path';
import type { LinkFinding, LinkReport } from '../check/index.ts';
import { prepareMarkdown, type MarkdownOptions } from '../render/markdown/render-all-markdown.ts';
import type { PageRecord } from '../render/render-page.tsx';
import type { SiteModel } from '../validate/model.ts';
import type { Writer } from '../write/writers.ts';
import type { PageBudget, ValidateSiteOptions } from './build-steps.ts';
import { PhaseTimer, type Phase } from './phase-timer.ts';

export type { Phase, PageBudget };

export interface BuildOptions extends ValidateSiteOptions {
  /** Project root: content/, templates/ and client/ live here. */
  root: string;
  /** Content folder; `<root>/content` by default. */
  contentDir?: string;
  writer: Writer;
  /** How Markdown is cached between builds (in memory only, by default). */
  markdown?: MarkdownOptions;
  /** Check the links of the staged output and commit it only when none is broken; true by default. */
  checkLinks?: boolean;
}

export interface BuildResult {
  /** False when broken links kept the output from replacing the last one (see `links`). */
  committed: boolean;
  model: SiteModel;
  pages: PageRecord[];
  redirects: number;
  files: number;
  budgets: PageBudget[];
  /** The link check of the output; undefined when it did not run. */
  links?: LinkReport;
  /** Findings that do not fail a build, such as a link to a redirect. */
  warnings: LinkFinding[];
  timings: Record<Phase, number>;
  /** Wall time of the whole build; phases overlap (bundling runs beside loading). */
  totalMs: number;
}

/**
 * Runs a whole build: load, validate, route, render, bundle, write to staging, check links,
 * then commit, or abort and leave the last output in place.
 */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const { root, writer } = options;
  const timer = new PhaseTimer();
  const contentDir = options.contentDir ?? path.join(root, 'content');
  // First, so that Markdown workers a large build needs boot while the steps' modules load.
  const markdown = prepareMarkdown(contentDir, options.markdown);
  const steps = await import('./build-steps.ts');
  const staged = new steps.StagedWrites(writer);
  try {
    // esbuild bundles in its own process while content loads and Markdown renders here.
    const bundling = timer.time('bundle', steps.bundleSite(root));
    bundling.catch(() => undefined);
    const loaded = await timer.time('load', steps.loadInputs(root, contentDir));
    const rendering = markdown.renderAll(steps.markdownSources(loaded.raw));
    const routed = timer.timeSync('load', () => steps.routeSite(steps.validateSite(loaded, options)));
    const bundle = await bundling;
    const site = await timer.time('render', steps.renderSite(routed, { bundle, markdown: rendering, emit: staged.write }));
    const caching = markdown.save();
    caching.catch(() => undefined); // awaited below, unless a later step fails first
    const files = await timer.time('write', staged.finish(steps.siteFiles(site)));
    const links = options.checkLinks === false ? undefined : await timer.time('check', steps.checkStagedOutput(writer));
    const committed = !steps.hasBrokenLinks(links);
    await (committed ? writer.commit() : writer.abort());
    await caching;
    return {
      committed, model: site.model, pages: site.pages, redirects: site.redirects.length, files,
      budgets: steps.pageBudgets(bundle, site.pages), links, warnings: steps.linkWarnings(links),
      timings: timer.timings(), totalMs: timer.elapsed(),
    };
  } catch (error) {
    // Nothing may still be writing into the folder that abort removes.
    await staged.settle();
    await writer.abort();
    throw error;
  } finally {
    await markdown.close();
  }
}
