import { cp, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './content.ts';

/**
 * A throwaway copy of the project's sources (or of the project at `from`) that a test may edit
 * freely. Its node_modules is a link to the project's, or, with `ownCache`, a folder linking
 * each package but with a `.cache` (compiled CLI, Markdown cache) of its own.
 */
export async function copyProject(
  options: { ownCache?: boolean; from?: string } = {},
): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const from = options.from ?? projectRoot;
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-project-'));
  for (const entry of [
    'sitegen.config.ts',
    'cli',
    'client',
    'templates',
    'server',
    'content',
    'tsconfig.json',
    'package.json',
  ])
    await cp(path.join(from, entry), path.join(root, entry), { recursive: true });
  const modules = path.join(from, 'node_modules');
  if (options.ownCache) {
    await mkdir(path.join(root, 'node_modules'));
    for (const name of await readdir(modules)) {
      if (name !== '.cache') await symlink(path.join(modules, name), path.join(root, 'node_modules', name));
    }
  } else {
    await symlink(modules, path.join(root, 'node_modules'));
  }
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}
