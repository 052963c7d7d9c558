import { cp, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './content.ts';

/** The tiny site's folder (as tests/helpers/sites.ts names it, without loading either site). */
const tinyRoot = path.join(projectRoot, 'tests', 'sites', 'tiny');

/** A throwaway copy of a site that a test may edit and build. */
export interface SiteCopy {
  /** The copy's project root: run the CLI with this as its working directory. */
  root: string;
  /** Its content folder. */
  content: string;
  /** Removes the copy and everything around it. */
  cleanup: () => Promise<void>;
}

/**
 * A throwaway copy of the tiny site (tests/sites/tiny) that a test may edit and build with the
 * real CLI (`runCli([...], { cwd: root })`) or the dev server. The copy sits at the same place
 * under a temporary folder as the tiny site does under the project, beside links to the
 * project's `cli/`, `node_modules/` and `package.json`, so it imports the engine (`sitegen/site`)
 * as the original does; its cache (`<root>/node_modules/.cache/sitegen`) is its own.
 */
export async function copyTinySite(): Promise<SiteCopy> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'sitegen-tiny-'));
  const root = path.join(base, path.relative(projectRoot, tinyRoot));
  await mkdir(path.dirname(root), { recursive: true });
  await cp(tinyRoot, root, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}node_modules`) && !/\.timestamp-\d+-[0-9a-f]+\.mjs$/.test(source),
  });
  await symlink(path.join(projectRoot, 'cli'), path.join(base, 'cli'));
  await symlink(path.join(projectRoot, 'node_modules'), path.join(base, 'node_modules'));
  await symlink(path.join(projectRoot, 'package.json'), path.join(base, 'package.json'));
  return { root, content: path.join(root, 'content'), cleanup: () => rm(base, { recursive: true, force: true }) };
}
