import path from 'node:path';
import { Command } from 'commander';
import { formatSanitizedImages, SiteError, warningRows } from '../errors.ts';
import type { BuildResult, Phase } from '../build/build-site.ts';
import type { BuildOutcome } from '../build/up-to-date.ts';
import { cacheFolder, frontMatterCacheFile, highlightStoreDir, markdownCacheFile } from '../project-layout.ts';
// Environment overrides only: the site config's schemas (zod) load with the build, after its
// Markdown workers have started, and not at all when nothing changed.
import { siteOverridesFromEnv } from '../validate/site-env-overrides.ts';

interface BuildFlags {
  out: string;
  content: string;
  siteUrl?: string;
  drafts?: boolean;
  future?: boolean;
  checkLinks: boolean;
  cache: boolean;
  force?: boolean;
  production?: boolean;
}

/** `build`: renders the whole site into the output folder, replacing it only on success. */
export function createBuildCommand(): Command {
  return new Command('build')
    .description('Render every page of the site into the output folder.')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--content <dir>', 'content folder', 'content')
    .option('--site-url <url>', 'absolute origin for canonical URLs, sitemap and feed (default: content/data/site.json, or SITE_URL)')
    .option('--drafts', 'include posts marked draft: true')
    .option('--future', 'include posts dated in the future')
    .option('--no-check-links', 'skip checking the internal links of the output before it replaces the old one')
    .option('--no-cache', 'render every page and all Markdown afresh, neither reading nor filling the page and Markdown caches in node_modules/.cache/sitegen')
    .option('--force', 'replace an --out folder that holds files no earlier build wrote (never the project, a source, content or home folder)')
    .option('--production', "refuse a site config that is unsafe to deploy: reCAPTCHA's test key, a URL that is not https or points at a local or example host, contact details left unset")
    .action(async (flags: BuildFlags) => {
      const root = process.cwd();
      const out = path.resolve(root, flags.out);
      const contentDir = path.resolve(root, flags.content);
      const [{ checkOutputFolder }, { lockOutput }] = await Promise.all([import('../write/output-guard.ts'), import('../write/output-lock.ts')]);
      await checkOutputFolder({ out, shown: flags.out, root, contentDir, force: flags.force });
      const unlock = await lockOutput(out);
      try {
        await runBuild(flags, root, out, contentDir);
      } finally {
        await unlock();
      }
    });
}

/** Builds into `out` (checked and locked by the caller), printing the summary or the broken links. */
async function runBuild(flags: BuildFlags, root: string, out: string, contentDir: string): Promise<void> {
  const started = performance.now();
  const overrides = siteOverridesFromEnv(process.env);
  const upToDate = await import('../build/up-to-date.ts');
  // With the caches on, an output whose every input is as when it was built is left as it is.
  const last = flags.cache ? upToDate.lastBuild(cacheFolder(root), out) : undefined;
  const inputs = flags.cache
    ? upToDate.inputFingerprint({ contentDir, out, settings: { siteUrl: flags.siteUrl, drafts: flags.drafts, future: flags.future, checkLinks: flags.checkLinks, production: flags.production, overrides } }, last)
    : undefined;
  if (!flags.cache) upToDate.forgetBuild(cacheFolder(root), out);
  const unchanged = inputs === undefined ? undefined : upToDate.unchangedOutput(last, out, inputs.fingerprint);
  if (unchanged) {
    if (unchanged.outcome.warnings) console.error(unchanged.outcome.warnings);
    console.log(formatUnchanged(unchanged.outcome, unchanged.builtAt, flags.out, performance.now() - started));
    return;
  }
  const [{ buildSite, pageCacheDir }, { DiskWriter }] = await Promise.all([import('../build/build-site.ts'), import('../write/writers.ts')]);
  const result = await buildSite({
    root,
    contentDir,
    writer: new DiskWriter(out),
    siteUrl: flags.siteUrl,
    drafts: flags.drafts,
    future: flags.future,
    overrides,
    markdown: { cacheFile: flags.cache ? markdownCacheFile(root) : undefined, highlightStore: flags.cache ? highlightStoreDir(root) : undefined, threads: Number(process.env.SITEGEN_MARKDOWN_WORKERS) || undefined },
    frontMatterCache: flags.cache ? frontMatterCacheFile(root) : undefined,
    pageCache: flags.cache ? { dir: pageCacheDir(root) } : undefined,
    checkLinks: flags.checkLinks,
    production: flags.production,
  });
  const problems = result.warnings.filter((warning) => warning instanceof SiteError);
  const sanitized = problems.filter((problem) => problem.code === 'image.svg-sanitized');
  const notReady = problems.filter((problem) => problem.code !== 'image.svg-sanitized');
  const warnings = [
    ...(sanitized.length > 0 ? [formatSanitizedImages(sanitized)] : []),
    ...(notReady.length > 0 ? [formatNotReadyForProduction(notReady)] : []),
  ].join('\n');
  if (warnings) console.error(warnings);
  const report = result.links && (await import('../check/index.ts'));
  if (!result.committed) {
    console.error(report!.formatReport(result.links!, 'text'));
    throw new SiteError({ code: 'build.broken-links', message: 'the output has broken links; the previous output was left in place', hint: 'Fix the sources named above, or build with --no-check-links to skip the check.' });
  }
  const links = report ? report.summaryLine(result.links!) : undefined;
  console.log(formatSummary(result, flags.out, links));
  if (inputs !== undefined) {
    upToDate.recordBuild(cacheFolder(root), out, inputs, { pages: result.pages.length, redirects: result.redirects, files: result.files, warnings, links: links ?? '' });
  }
}

/** The summary of a build that found its output up to date. */
export function formatUnchanged(outcome: BuildOutcome, builtAt: string, outDir: string, ms: number): string {
  return [
    `Nothing changed since the build of ${builtAt}: ${outDir}/ is up to date (${outcome.pages} pages and ${outcome.redirects} redirects, ${outcome.files} files); rendered 0 of ${outcome.pages} pages and wrote no file, in ${Math.round(ms)} ms`,
    ...(outcome.links ? [`  links: ${outcome.links} (as checked then)`] : []),
  ].join('\n');
}

/** The warning block of a build without --production: what `--production` would refuse, one row each. */
export function formatNotReadyForProduction(problems: SiteError[], cwd = process.cwd()): string {
  const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
  return [`Not ready for production (${count}; sitegen build --production refuses to build with these):`, ...warningRows(problems, cwd), ''].join('\n');
}

/** The summary printed after a build: pages, timings per phase and the JavaScript each page loads. */
export function formatSummary(result: BuildResult, outDir: string, linksLine?: string): string {
  const phases = (Object.keys(result.timings) as Phase[]).map((phase) => `${phase} ${Math.round(result.timings[phase])} ms`).join(', ');
  const total = Math.round(result.totalMs);
  const width = Math.max(...result.budgets.map((b) => b.path.length));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  const rows = result.budgets.map((b) => `  ${b.path.padEnd(width)}  ${kb(b.bytes)}  ${kb(b.gzip)} gzip  ${b.islands.join(', ') || '-'}`);
  return [
    `Built ${result.pages.length} pages and ${result.redirects} redirects (${result.files} files) into ${outDir}/ in ${total} ms; rendered ${result.renderedPages} of ${result.pages.length} pages${result.pageCache?.reused ? ` (${result.pageCache.reused} unchanged, from the page cache)` : ''}`,
    `  ${phases}; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
    ...(linksLine ? [`  links: ${linksLine}`] : []),
    '',
    'JavaScript per page (bytes, gzip, islands):',
    ...rows,
  ].join('\n');
}
