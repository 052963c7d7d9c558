import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// What a cache entry made by esbuild is checked against before it is taken: a hash of each file
// esbuild read to make it (the client bundle, the site definition's compile).

/** Hashes of the files esbuild read, by path relative to the project root; a file that cannot be read has none. */
export async function hashInputs(root: string, relativePaths: Iterable<string>): Promise<Record<string, string>> {
  const paths = [...new Set(relativePaths)].sort();
  const hashes = await Promise.all(
    paths.map(async (relative) => {
      try {
        return createHash('sha256')
          .update(await readFile(path.join(root, relative)))
          .digest('hex');
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(paths.flatMap((relative, i) => (hashes[i] === undefined ? [] : [[relative, hashes[i]]])));
}

/** Whether every file of `inputs` still hashes as recorded (a file gone, or now unreadable, does not). */
export async function inputsUnchanged(root: string, inputs: Record<string, string>): Promise<boolean> {
  const current = await hashInputs(root, Object.keys(inputs));
  return Object.entries(inputs).every(([input, hash]) => current[input] === hash);
}
