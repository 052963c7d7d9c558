import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { tinyRoot } from './sites.ts';

// What tests of whole builds share: the files of an output, compared byte for byte, and a
// throwaway copy of the tiny site's content to edit.

/** Every file of a built folder, by path relative to it. */
export async function filesOf(out: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(out, file), await readFile(file));
  }
  return files;
}

/** Files as a build wrote them into memory (MemoryWriter.files), as bytes. */
export function bytesOf(files: ReadonlyMap<string, string | Uint8Array>): Map<string, Buffer> {
  return new Map([...files].map(([file, contents]) => [file, Buffer.from(contents)]));
}

/** Fails naming the files that differ when two outputs are not the same files, byte for byte. */
export function assertSameFiles(
  actual: ReadonlyMap<string, Buffer>,
  expected: ReadonlyMap<string, Buffer>,
  what = 'the output',
): void {
  assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort(), `${what}: the same files`);
  const differing = [...actual].filter(([file, bytes]) => !bytes.equals(expected.get(file)!)).map(([file]) => file);
  assert.deepEqual(differing, [], `${what}: every file byte for byte the same`);
}

/** Fails naming the files that differ when two built folders are not the same files, byte for byte. */
export async function assertSameOutput(actual: string, expected: string, what = 'the output'): Promise<void> {
  const [a, b] = await Promise.all([filesOf(actual), filesOf(expected)]);
  assertSameFiles(a, b, what);
}

/** A hash of every file under a folder, by path: equal when not a byte changed. */
export async function outputDigest(out: string): Promise<string> {
  const hash = createHash('sha256');
  const files = [...(await filesOf(out))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [file, bytes] of files) hash.update(`${file}\n`).update(bytes).update('\n');
  return hash.digest('hex');
}

/** A throwaway copy of the tiny site's content folder (tests/sites/tiny/content) that a test may edit; call `cleanup` after. */
export async function tinyContentCopy(): Promise<{ dir: string; content: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-tiny-'));
  const content = path.join(dir, 'content');
  await cp(path.join(tinyRoot, 'content'), content, { recursive: true });
  return { dir, content, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * A throwaway copy of the whole tiny site (definition, templates, stylesheet, content), to use as
 * a build's `root` with `tinySite`: its stylesheet and content may be edited; call `cleanup` after.
 */
export async function tinySiteCopy(): Promise<{ root: string; content: string; cleanup: () => Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-tiny-site-'));
  await cp(tinyRoot, root, { recursive: true, filter: (source) => !path.basename(source).startsWith('.') });
  return { root, content: path.join(root, 'content'), cleanup: () => rm(root, { recursive: true, force: true }) };
}
