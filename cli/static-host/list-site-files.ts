import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lists every file under `siteDir` as a `/`-separated path relative to it, sorted. Synchronous:
 * a directory listing is served from the OS cache faster than a promise per folder is settled.
 */
export function listSiteFiles(siteDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string, prefix: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix + entry.name;
      if (entry.isDirectory()) walk(join(dir, entry.name), relative + '/');
      else if (entry.isFile() || entry.isSymbolicLink()) files.push(relative);
    }
  };
  walk(siteDir, '');
  return files.sort();
}
