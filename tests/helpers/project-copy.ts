import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from './content.ts';

/** A throwaway copy of the project's sources (node_modules linked) that a test may edit freely. */
export async function copyProject(): Promise<{ root: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-project-'));
  for (const dir of ['cli', 'client', 'templates', 'content']) await cp(path.join(projectRoot, dir), path.join(root, dir), { recursive: true });
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  return { root, cleanup: () => rm(root, { recursive: true, force: true }) };
}
