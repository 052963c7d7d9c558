// `sitegen init <folder>`: a new, working site from the starter kept beside the engine
// (starter/: a home page, a blog list and a post template, a sitegen.config.ts that imports
// `sitegen/site`), with a package.json that depends on this engine, as `npm create astro` and
// `hugo new site` start one.
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { SiteError } from '../errors.ts';

/** The engine's package: its folder, and its package.json as far as a new site needs it. */
interface EnginePackage {
  root: string;
  version: string;
  dependencies: Record<string, string>;
}

/** The packages a new site imports itself (its templates' JSX and its schemas), at the engine's ranges. */
const sitePackages = ['react', 'react-dom', 'zod'];

export function createInitCommand(): Command {
  return new Command('init')
    .description('Create a new site in a folder: a home page, a blog list and a post, ready to build.')
    .argument('<folder>', 'the folder to create; it must not exist, or be empty')
    .action((folder: string) => {
      const target = path.resolve(folder);
      initSite(target);
      const shown = path.relative(process.cwd(), target) || '.';
      console.log(
        [
          `Created a new site in ${shown}/. Next:`,
          '',
          `  cd ${shown}`,
          '  npm install',
          '  npx sitegen build',
          '',
        ].join('\n'),
      );
    });
}

/** Writes a new site into `target` from the starter: its files, a .gitignore and a package.json. */
export function initSite(target: string, engine: EnginePackage = enginePackage()): void {
  checkTarget(target);
  cpSync(path.join(engine.root, 'starter'), target, { recursive: true, errorOnExist: true, force: false });
  // npm leaves a package's .gitignore out when it publishes it: the starter keeps it without the dot.
  renameSync(path.join(target, 'gitignore'), path.join(target, '.gitignore'));
  writeFileSync(
    path.join(target, 'package.json'),
    `${JSON.stringify(sitePackageJson(path.basename(target), engine), null, 2)}\n`,
  );
}

/** A new site's package.json: private, its commands, and the engine with the packages its code imports. */
function sitePackageJson(folderName: string, engine: EnginePackage): Record<string, unknown> {
  const dependencies: Record<string, string> = { sitegen: `^${engine.version}` };
  for (const name of sitePackages) if (engine.dependencies[name]) dependencies[name] = engine.dependencies[name];
  return {
    name:
      folderName
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'site',
    private: true,
    type: 'module',
    scripts: { dev: 'sitegen dev', build: 'sitegen build', preview: 'sitegen preview', 'new-post': 'sitegen new-post' },
    dependencies,
  };
}

/** Refuses a target that is a file, or a folder that holds anything: init never writes over a file. */
function checkTarget(target: string): void {
  if (!existsSync(target)) return;
  const refuse = (why: string) =>
    new SiteError({
      code: 'init.not-empty',
      message: `${target} ${why}`,
      hint: 'Name a folder that does not exist yet, or an empty one.',
    });
  if (!statSync(target).isDirectory()) throw refuse('is not a folder');
  if (readdirSync(target).length > 0) throw refuse('is not empty');
}

/**
 * The package this engine ships in: the nearest package.json above it, run compiled (lib/) or from
 * its sources (cli/).
 */
function enginePackage(): EnginePackage {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { version?: string; dependencies?: Record<string, string> };
    return { root: dir, version: json.version ?? '0.0.0', dependencies: json.dependencies ?? {} };
  }
  throw new Error('the engine is not inside a package');
}
