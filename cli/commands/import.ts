import { realpathSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import type { Archetype } from '../config/archetype-spec.ts';
import type { LoadedSite } from '../config/load-site.ts';
import { SiteError } from '../errors.ts';
import { configFlag, configPath } from './command-options.ts';

interface ImportFlags {
  content: string;
  config: string;
  report: string;
  draftsOnError?: boolean;
  update?: boolean;
  cache: boolean;
}

/**
 * `import <source>`: another generator's posts brought into the site's posts collection as page
 * bundles, mapped through the site's archetype. Everything is read, planned and checked as the
 * build will check it first; then all the posts are written, or none, and the report always says
 * what happened, every problem grouped by kind.
 */
export function createImportCommand(): Command {
  return new Command('import')
    .description(
      "Bring another generator's posts (Hugo, Jekyll, Next.js, Gatsby, Eleventy) into the site's posts as page bundles, with a report.",
    )
    .argument(
      '<source>',
      "the other site's folder (its root: the generator is told from its files), or a folder of posts",
    )
    .option('--content <dir>', 'content folder', 'content')
    .option(...configFlag)
    .option('--report <file>', 'where the report is written', 'import-report.md')
    .option(
      '--drafts-on-error',
      'import the posts that have problems as drafts (the build leaves them out), so that the rest builds at once',
    )
    .option('--update', 'replace the posts an earlier import wrote, as it wrote them, and nothing else')
    .option('--no-cache', "neither read nor write the build's cache while checking")
    .action(importPosts);
}

/** Runs an import from the project in the current folder, and prints what it did. */
async function importPosts(source: string, flags: ImportFlags): Promise<void> {
  const cwd = process.cwd();
  const [{ loadSite }, { archetypeOf }, entry, report, { runImport }, { Cache }] = await Promise.all([
    import('../config/load-site.ts'),
    import('./new-post.ts'),
    import('../validate/new-entry.ts'),
    import('../import/import-report.ts'),
    import('../import/run-import.ts'),
    import('../cache/cache.ts'),
  ]);
  const site = await loadSite(cwd, configPath(cwd, flags.config));
  const archetype = checkedArchetype(site, archetypeOf(site.definition));
  const collection = site.definition.content.collections[archetype.collection]!;
  const contentDir = path.resolve(cwd, flags.content);
  const folder = entry.checkedFolder(contentDir, collection.folder, 'import');
  const sourceDir = checkedSource(path.resolve(cwd, source), contentDir);
  const reportFile = path.resolve(cwd, flags.report);
  const found = report.checkReportFile(reportFile);
  const { plan, outcome } = await runImport({
    site,
    root: cwd,
    archetype,
    folder,
    contentDir,
    source: sourceDir,
    report: { file: reportFile, found },
    cache: Cache.of(cwd, flags.cache),
    env: Object.fromEntries((site.definition.env ?? []).map((name) => [name, process.env[name]])),
    draftsOnError: flags.draftsOnError,
    update: flags.update,
  });
  console.log(report.summaryOf(plan, folder, reportFile, cwd, outcome.warnings.length));
}

/** The site's post archetype, refused unless it says how imported posts are written, into page bundles. */
function checkedArchetype(
  site: LoadedSite,
  archetype: Archetype | undefined,
): Archetype & { imported: NonNullable<Archetype['imported']> } {
  if (!archetype?.imported) {
    throw new SiteError({
      code: 'import.no-archetype',
      message: 'the site says nothing of how imported posts are written',
      hint:
        'Give the post archetype in sitegen.config.ts an `imported(entry)` that returns its front matter ' +
        '(see docs/cli.md).',
    });
  }
  if (!site.definition.content.collections[archetype.collection]!.bundles) {
    throw new SiteError({
      code: 'import.no-bundles',
      message:
        `the collection "${archetype.collection}" takes no page bundles, ` +
        'and imported posts are written as bundles',
      hint: 'Add `bundles: { page }` to the collection in sitegen.config.ts.',
    });
  }
  return { ...archetype, imported: archetype.imported };
}

/** The source folder, refused when it is missing, or holds or lies inside the content folder. */
function checkedSource(source: string, contentDir: string): string {
  let real: string;
  try {
    real = realpathSync(source);
  } catch {
    throw new SiteError({
      code: 'import.no-source',
      message: `the folder ${source} does not exist`,
      hint: 'Name the folder that holds the posts to import.',
    });
  }
  const content = realpathSync(contentDir);
  const inside = (outer: string, inner: string) => inner === outer || inner.startsWith(outer + path.sep);
  if (inside(content, real) || inside(real, content)) {
    throw new SiteError({
      code: 'import.no-source',
      message: `the folder ${source} ${inside(content, real) ? 'is inside' : 'holds'} the content folder`,
      hint: 'Import from a copy of the other site kept outside this project.',
    });
  }
  return real;
}
