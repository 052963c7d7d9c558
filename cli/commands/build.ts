import path from 'node:path';
import { Command } from 'commander';
import { Cache } from '../cache/cache.ts';
import { configFlag, configPath, contentFolder, siteOrigin } from './command-options.ts';
import {
  formatBodyWarnings,
  formatSanitizedImages,
  isAccessibilityFinding,
  SiteError,
  warningRows,
} from '../errors.ts';
import { dim, green, ProgressLine, yellow } from '../output.ts';
import type { BuildResult, Phase } from '../pipeline/build-site.ts';
import type { BuildInputs, BuildOutcome } from '../pipeline/build-reuse.ts';
import type { ClientEntries } from '../config/site-definition.ts';

interface BuildFlags {
  out: string;
  config: string;
  content: string;
  siteUrl?: string;
  drafts?: boolean;
  future?: boolean;
  checkLinks: boolean;
  cache: boolean;
  force?: boolean;
  production?: boolean;
  strict?: boolean;
}

/** `build`: renders the whole site into the output folder, replacing it only on success. */
export function createBuildCommand(verbose: () => boolean): Command {
  return new Command('build')
    .description('Render every page of the site into the output folder.')
    .option('--out <dir>', 'output folder', 'dist')
    .option('--content <dir>', 'content folder', 'content')
    .option(...configFlag)
    .option(
      '--site-url <url>',
      'absolute origin for canonical URLs, sitemap and feed (default: the site config, or SITE_URL)',
      siteOrigin,
    )
    .option('--drafts', 'include posts marked draft: true')
    .option('--future', 'include posts dated in the future')
    .option('--no-check-links', 'skip checking the internal links of the output before it replaces the old one')
    .option(
      '--no-cache',
      'make everything afresh, neither reading nor writing the cache in node_modules/.cache/sitegen',
    )
    .option(
      '--force',
      'replace an --out folder that holds files no earlier build wrote (never the project, a source, content or home folder)',
    )
    .option(
      '--production',
      "refuse what the site's production checks find (test keys, URLs that are not public https, contact details left unset)",
    )
    .option('--strict', 'refuse the output when a page it publishes has a content warning, as an error at its place')
    .action(async (flags: BuildFlags) => {
      const root = process.cwd();
      const out = path.resolve(root, flags.out);
      const contentDir = contentFolder(root, flags.content);
      const [{ checkOutputFolder }, { lockOutput }] = await Promise.all([
        import('../write/output-guard.ts'),
        import('../write/output-lock.ts'),
      ]);
      await checkOutputFolder({ out, shown: flags.out, root, contentDir, force: flags.force });
      const unlock = await lockOutput(out);
      try {
        await runBuild(flags, root, out, contentDir, verbose());
      } finally {
        await unlock();
      }
    });
}

/** Link warnings a build lists; the rest are counted, and `sitegen check-links` lists them all. */
const shownLinkWarnings = 20;

/** Builds into `out` (checked and locked by the caller), printing the summary or the broken links. */
async function runBuild(
  flags: BuildFlags,
  root: string,
  out: string,
  contentDir: string,
  verbose: boolean,
): Promise<void> {
  const started = performance.now();
  const cache = Cache.of(root, flags.cache);
  const upToDate = await import('../pipeline/build-reuse.ts');
  const config = configPath(root, flags.config);
  const inputs = buildInputs(flags, { root, out, contentDir, config });
  // With the cache on, an output whose every input is as when it was built is left as it is.
  const unchanged = cache.enabled ? upToDate.unchangedOutput(cache, inputs) : undefined;
  if (unchanged) return reportUnchanged(unchanged, { shownOut: flags.out, started });
  const { site, result, hostOutputs } = await buildWithProgress(flags, { root, out, contentDir, config, cache });
  const report = result.links && (await import('../check/index.ts'));
  const warnings = warningBlock(result, root, report);
  if (warnings) console.error(warnings);
  if (!result.committed) {
    console.error(report!.formatReport(result.links!, 'text'));
    throw new SiteError({
      code: 'build.broken-links',
      message: 'the output has broken links; the previous output was left in place',
      hint: 'Fix the sources named above, or build with --no-check-links to skip the check.',
    });
  }
  const links = report ? report.summaryLine(result.links!) : undefined;
  const hostFiles = hostOutputs ? await writeBuiltHostOutputs(root, out, hostOutputs) : [];
  console.log(formatSummary(result, flags.out, links, verbose));
  if (!cache.enabled) return;
  // What the next build compares before it loads the site: the site's code files and the variables it reads.
  const codeFiles = [
    ...site.imports.keys(),
    ...(await clientFiles(root, site.definition.client)),
    ...(hostOutputs?.inputs ?? []),
  ].filter((file) => !file.startsWith('node_modules/') && !file.startsWith('cli/') && !file.includes(':'));
  const outcome = {
    pages: result.pages.length,
    redirects: result.redirects,
    files: result.files,
    warnings,
    links: links ?? '',
  };
  upToDate.recordBuild(cache, inputs, [...new Set(codeFiles)], [...(site.definition.env ?? [])], outcome, hostFiles);
}

/** What a build is made from besides its files: its flags and folders, and the environment. */
function buildInputs(
  flags: BuildFlags,
  where: { root: string; out: string; contentDir: string; config: string },
): BuildInputs {
  const { root, out, contentDir, config } = where;
  const settings = {
    config,
    siteUrl: flags.siteUrl,
    drafts: flags.drafts,
    future: flags.future,
    checkLinks: flags.checkLinks,
    production: flags.production,
    strict: flags.strict,
    out,
    contentDir,
  };
  return { root, contentDir, out, settings, env: process.env };
}

/**
 * Prints what the last build printed of an output nothing changed since (its host outputs too:
 * their sources are among the inputs, and the files themselves as the build wrote them).
 */
function reportUnchanged(
  unchanged: { outcome: BuildOutcome; builtAt: string },
  where: { shownOut: string; started: number },
): void {
  if (unchanged.outcome.warnings) console.error(unchanged.outcome.warnings);
  console.log(formatUnchanged(unchanged.outcome, unchanged.builtAt, where.shownOut, performance.now() - where.started));
}

/** Loads the site, bundles its server routes for their hosts, and builds it with a progress line. */
async function buildWithProgress(
  flags: BuildFlags,
  where: { root: string; out: string; contentDir: string; config: string; cache: Cache },
) {
  const { root, out, contentDir, cache } = where;
  const progress = new ProgressLine();
  progress.update('Loading the site…', true);
  const [{ loadSite }, { buildSite }, { DiskWriter }] = await Promise.all([
    import('../config/load-site.ts'),
    import('../pipeline/build-site.ts'),
    import('../write/writers.ts'),
  ]);
  const site = await loadSite(root, where.config, cache);
  const envNames = [...(site.definition.env ?? [])];
  // Server routes are bundled for their hosts first: one that does not bundle stops the build
  // before it writes anything.
  const hostOutputs = site.definition.server
    ? await (await import('../server/host-outputs.ts')).bundleHostOutputs(site.definition.server, root, out)
    : undefined;
  try {
    const result = await buildSite({
      root,
      site,
      contentDir,
      writer: new DiskWriter(out),
      cache,
      env: Object.fromEntries(envNames.map((name) => [name, process.env[name]])),
      siteUrl: flags.siteUrl,
      drafts: flags.drafts,
      future: flags.future,
      checkLinks: flags.checkLinks,
      production: flags.production,
      strict: flags.strict,
      markdownThreads: Number(process.env.SITEGEN_MARKDOWN_WORKERS) || undefined,
      onProgress: (phase, done, total) => progress.update(progressText(phase, done, total), done === undefined),
    });
    return { site, result, hostOutputs };
  } finally {
    progress.clear();
  }
}

/** The warnings a build prints before its summary, each kind in its block; '' when there is none. */
function warningBlock(
  result: BuildResult,
  root: string,
  report: typeof import('../check/index.ts') | undefined,
): string {
  const notReady = result.productionProblems;
  const other = result.warnings.filter((warning) => warning instanceof SiteError);
  const sanitized = other.filter((warning) => warning.code === 'image.svg-sanitized');
  const isBodyWarning = (warning: SiteError) =>
    warning.code === 'markdown.html-removed' ||
    warning.code === 'markdown.template-tag' ||
    isAccessibilityFinding(warning);
  const bodyWarnings = other.filter(isBodyWarning);
  // A published output's links to a redirect are listed, not only counted; a failed check lists them with its errors.
  const linkWarnings =
    result.committed && report && report.summarize(result.links!).warnings > 0
      ? report.formatLinkWarnings(result.links!, root, shownLinkWarnings)
      : '';
  return [
    ...(sanitized.length > 0 ? [formatSanitizedImages(sanitized, root)] : []),
    ...(bodyWarnings.length > 0 ? [formatBodyWarnings(bodyWarnings, root)] : []),
    ...(notReady.length > 0 ? [formatNotReadyForProduction(notReady, root)] : []),
    ...other
      .filter((warning) => warning.code !== 'image.svg-sanitized' && !isBodyWarning(warning))
      .map((warning) => formatWarning(warning, root)),
    ...(linkWarnings ? [linkWarnings] : []),
  ].join('\n');
}

/**
 * Writes the host outputs of the server routes with the facts the build recorded in `out`, and
 * returns their files, project-relative.
 */
async function writeBuiltHostOutputs(
  root: string,
  out: string,
  outputs: import('../server/host-outputs.ts').BundledHostOutputs,
): Promise<string[]> {
  const [{ readServerFacts }, { writeHostOutputs }] = await Promise.all([
    import('../server/server-facts.ts'),
    import('../server/host-outputs.ts'),
  ]);
  const facts = readServerFacts(out);
  if (!facts) return [];
  const files = outputs.withFacts(facts);
  await writeHostOutputs(root, files);
  return [...files].flatMap(([folder, written]) => [...written.keys()].map((name) => path.join(folder, name)));
}

/** Every file in the folders of the client's entry points: the bundle may read any of them. */
async function clientFiles(root: string, client: ClientEntries): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  const entries = [client.styles, client.script, client.hydrate, ...Object.values(client.islands ?? {})].filter(
    (file): file is string => file !== undefined,
  );
  const folders = [...new Set(entries.map((file) => path.dirname(file)))];
  const lists = await Promise.all(
    folders.map(async (folder) =>
      (await readdir(path.join(root, folder), { recursive: true, withFileTypes: true }).catch(() => []))
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    ),
  );
  return lists.flat();
}

const phaseNames: Record<Phase, string> = {
  load: 'Loading content',
  render: 'Rendering pages',
  images: 'Encoding images',
  cards: 'Drawing share cards',
  search: 'Indexing for search',
  bundle: 'Bundling',
  write: 'Writing files',
  check: 'Checking links',
};

function progressText(phase: Phase, done?: number, total?: number): string {
  return total ? `${phaseNames[phase]}: ${done ?? 0} of ${total}` : `${phaseNames[phase]}…`;
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
  return [
    `Not ready for production (${count}; sitegen build --production refuses to build with these):`,
    ...warningRows(problems, cwd),
    '',
  ].join('\n');
}

/** One warning: where, what, its code and hint. */
export function formatWarning(problem: SiteError, cwd = process.cwd()): string {
  const file = problem.file?.startsWith(cwd + path.sep) ? path.relative(cwd, problem.file) : problem.file;
  const place = file ? `${file}${problem.line ? `:${problem.line}:${problem.column ?? 1}` : ''}  ` : '';
  return [
    `${yellow('warning')}: ${place}${problem.message}  [${problem.code}]`,
    ...(problem.hint ? [`  hint: ${problem.hint}`] : []),
  ].join('\n');
}

/**
 * The summary printed after a build: pages, timings per phase, and the JavaScript pages load,
 * grouped by the islands they hold (every page with `--verbose`).
 */
export function formatSummary(result: BuildResult, outDir: string, linksLine?: string, verbose = false): string {
  const phases = (Object.keys(result.timings) as Phase[])
    .map((phase) => `${phase} ${Math.round(result.timings[phase])} ms`)
    .join(', ');
  const reused = result.pages.length - result.renderedPages;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(9);
  const groups = new Map<string, { bytes: number; gzip: number; paths: string[] }>();
  for (const budget of result.budgets) {
    const key = budget.islands.join(', ') || '-';
    const group = groups.get(key) ?? { bytes: budget.bytes, gzip: budget.gzip, paths: [] };
    group.paths.push(budget.path);
    groups.set(key, group);
  }
  const table = verbose
    ? result.budgets.map(
        (b) =>
          `  ${b.path.padEnd(Math.max(...result.budgets.map((x) => x.path.length)))}  ${kb(b.bytes)}  ${kb(b.gzip)} gzip  ${b.islands.join(', ') || '-'}`,
      )
    : [...groups].map(
        ([islands, group]) =>
          `  ${kb(group.bytes)}  ${kb(group.gzip)} gzip  ${islands.padEnd(Math.max(...[...groups.keys()].map((k) => k.length)))}  ${group.paths.length === 1 ? group.paths[0] : `${group.paths.length} pages, such as ${group.paths[0]}`}`,
      );
  return [
    green(
      `Built ${result.pages.length} pages and ${result.redirects} redirects (${result.files} files) into ${outDir}/ in ${Math.round(result.totalMs)} ms`,
    ) +
      `; rendered ${result.renderedPages} of ${result.pages.length} pages${reused > 0 ? ` (${reused} unchanged, from the page cache)` : ''}`,
    dim(`  ${phases}; peak memory ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`),
    ...(linksLine ? [`  links: ${linksLine}`] : []),
    '',
    verbose
      ? 'JavaScript per page (bytes, gzip, islands):'
      : 'JavaScript per page (bytes, gzip, islands; --verbose lists every page):',
    ...table,
  ].join('\n');
}
