import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The project root, where content/, templates/ and client/ live. */
export const projectRoot = path.resolve(import.meta.dirname, '..', '..');

/** A throwaway copy of the real content folder that a test may break; call `cleanup` after. */
export async function copyContent(): Promise<{ dir: string; content: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-test-'));
  const content = path.join(dir, 'content');
  await cp(path.join(projectRoot, 'content'), content, { recursive: true });
  return { dir, content, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Replaces text in a file, failing loudly when the text is not there. */
export async function editFile(file: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file} does not contain ${from}`);
  await writeFile(file, next);
}

/** Tiny content trees named by behaviour; `minimal-site` is the smallest valid one. */
export const fixturesRoot = path.join(projectRoot, 'tests', 'fixtures');

/**
 * A throwaway copy of the minimal valid site with the files of `tests/fixtures/<behaviour>/`
 * laid over it (a fixture holds only the files it changes); call `cleanup` after.
 */
export async function fixtureContent(behaviour?: string): Promise<{ content: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-fixture-'));
  const content = path.join(dir, 'content');
  await cp(path.join(fixturesRoot, 'minimal-site'), content, {
    recursive: true,
    filter: (source) => path.basename(source) !== 'README.md',
  });
  if (behaviour) await cp(path.join(fixturesRoot, behaviour), content, { recursive: true });
  return { content, cleanup: () => rm(dir, { recursive: true, force: true }) };
}
