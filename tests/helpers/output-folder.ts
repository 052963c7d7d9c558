import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The entries of the folder holding a build's output, sorted: `dist` and anything else beside
 * it, such as a staging folder a build failed to remove.
 */
export async function entriesBesideOutput(out: string): Promise<string[]> {
  return (await readdir(path.dirname(out))).sort();
}
