import { lstat, readdir, readlink } from 'node:fs/promises';
import path from 'node:path';

/**
 * The entries of the folder holding a build's output, sorted, leaving out the version folder the
 * output links to (`dist -> .dist-build-…`): what is left is `dist` and anything else beside it,
 * such as a staging folder a build failed to remove.
 */
export async function entriesBesideOutput(out: string): Promise<string[]> {
  const info = await lstat(out).catch(() => undefined);
  const live = info?.isSymbolicLink() ? await readlink(out) : undefined;
  return (await readdir(path.dirname(out))).filter((name) => name !== live).sort();
}
