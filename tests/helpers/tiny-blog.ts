import path from 'node:path';
import { Cache } from '../../cli/cache/cache.ts';
import type { InputLimits } from '../../cli/input-limits.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { runImport, type ImportResult } from '../../cli/import/run-import.ts';
import { checkReportFile } from '../../cli/import/import-report.ts';
import { readSiteFolder } from '../../cli/static-host/static-host.ts';
import { respondToPath } from '../../cli/static-host/serve-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import blogDefinition from '../sites/tiny/blog.config.ts';
import { loadedSite, tinyRoot } from './sites.ts';

// The tiny blog (tests/sites/tiny/blog.config.ts) as the import's target: an import run in this
// process as `sitegen import` runs it, a build of the result with the link check on, and the
// answer a static host (the one `preview` serves with) gives for an address.

/** The tiny blog's definition, with limits of the test's own where it gives them. */
export function tinyBlog(limits?: Partial<InputLimits>) {
  return loadedSite({ ...blogDefinition, ...(limits ? { limits } : {}) }, path.join(tinyRoot, 'blog.config.ts'));
}

/** Imports `source` into the tiny blog's `content` folder (as `sitegen import --no-cache` does), the report at `report`. */
export async function importIntoTinyBlog(
  source: string,
  content: string,
  report: string,
  options: { draftsOnError?: boolean; update?: boolean; limits?: Partial<InputLimits> } = {},
): Promise<ImportResult> {
  const site = tinyBlog(options.limits);
  const archetype = site.definition.archetypes!.post!;
  return runImport({
    site,
    root: tinyRoot,
    archetype: { ...archetype, imported: archetype.imported! },
    folder: path.join(content, 'posts'),
    contentDir: content,
    source,
    report: { file: report, found: checkReportFile(report) },
    cache: new Cache(undefined),
    env: {},
    draftsOnError: options.draftsOnError,
    update: options.update,
  });
}

/** Builds the tiny blog from `content` into `out`, links checked. */
export function buildTinyBlog(content: string, out: string): Promise<BuildResult> {
  return buildSite({ root: tinyRoot, site: tinyBlog(), contentDir: content, writer: new DiskWriter(out) });
}

/** What the host answers for each address, as `preview` serves the built folder: its status and where it redirects. */
export async function hostAnswers(out: string, addresses: string[]): Promise<Map<string, string>> {
  const site = await readSiteFolder(out);
  const answers = new Map<string, string>();
  for (const address of addresses) {
    // As a browser asks for it: %-encoded where it must be.
    const answer = await respondToPath(site, new URL(address, 'http://localhost').pathname);
    answers.set(address, 'location' in answer ? `${answer.status} ${answer.location}` : String(answer.status));
  }
  return answers;
}
