import { realpathSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { SiteError } from '../errors.ts';
import { configFlag, configPath } from './command-options.ts';

interface ImportFlags {
  content: string;
  config: string;
  report: string;
}

/**
 * `import <source>`: another generator's posts brought into the site's posts collection as page
 * bundles, mapped through the site's archetype; never overwrites a post, writes nothing at all
 * when any post has a problem, and leaves a report of what went where.
 */
export function createImportCommand(): Command {
  return new Command('import')
    .description("Bring another generator's posts (Hugo, Jekyll, Next.js, Gatsby) into the site's posts as page bundles, with a report.")
    .argument('<source>', 'the folder holding the posts (content/posts, _posts, a page-bundle folder…)')
    .option('--content <dir>', 'content folder', 'content')
    .option(...configFlag)
    .option('--report <file>', 'where the report is written', 'import-report.md')
    .action(async (source: string, flags: ImportFlags) => {
      const cwd = process.cwd();
      const [{ loadSite }, { archetypeOf }, entry, { loadMarkdownFolder }, { planImport, writeImport }, report] = await Promise.all([
        import('../config/load-site.ts'), import('./new-post.ts'), import('../validate/new-entry.ts'), import('../load/load-content.ts'),
        import('../import/import-posts.ts'), import('../import/import-report.ts'),
      ]);
      const site = (await loadSite(cwd, configPath(cwd, flags.config))).definition;
      const archetype = archetypeOf(site);
      if (!archetype?.imported) {
        throw new SiteError({ code: 'import.no-archetype', message: 'the site says nothing of how imported posts are written', hint: 'Give the post archetype in sitegen.config.ts an `imported(entry)` that returns its front matter (see docs/cli.md).' });
      }
      const collection = site.content.collections[archetype.collection]!;
      if (!collection.bundles) {
        throw new SiteError({ code: 'import.no-bundles', message: `the collection "${archetype.collection}" takes no page bundles, and imported posts are written as bundles`, hint: 'Add `bundles: { page }` to the collection in sitegen.config.ts.' });
      }
      const contentDir = path.resolve(cwd, flags.content);
      const folder = entry.checkedFolder(contentDir, collection.folder, 'import');
      const sourceDir = checkedSource(path.resolve(cwd, source), contentDir);
      const reportFile = path.resolve(cwd, flags.report);
      const found = report.checkReportFile(reportFile);
      const existing = entry.existingSlugs(await loadMarkdownFolder(folder, undefined, { bundles: true }));
      const plan = planImport(sourceDir, { archetype: { ...archetype, imported: archetype.imported }, collection, folder, existing });
      await writeImport(plan);
      report.writeReport(reportFile, report.renderReport(plan, cwd), found);
      console.log(report.summaryOf(plan, folder, reportFile, cwd));
    });
}

/** The source folder, refused when it is missing, or holds or lies inside the content folder. */
function checkedSource(source: string, contentDir: string): string {
  let real: string;
  try {
    real = realpathSync(source);
  } catch {
    throw new SiteError({ code: 'import.no-source', message: `the folder ${source} does not exist`, hint: 'Name the folder that holds the posts to import.' });
  }
  const content = realpathSync(contentDir);
  const inside = (outer: string, inner: string) => inner === outer || inner.startsWith(outer + path.sep);
  if (inside(content, real) || inside(real, content)) {
    throw new SiteError({ code: 'import.no-source', message: `the folder ${source} ${inside(content, real) ? 'is inside' : 'holds'} the content folder`, hint: 'Import from a copy of the other site kept outside this project.' });
  }
  return real;
}
