import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folders of the generator whose files shape what it writes: the CLI, the templates, the islands. */
const sourceFolders = ['cli', 'templates', 'client'];
/** Files beside them that do: compiler settings, the packages installed (whichever manager installed them). */
const projectFiles = ['tsconfig.json', 'package.json', 'package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'];
const installRecords = [path.join('node_modules', '.package-lock.json'), path.join('node_modules', '.pnpm', 'lock.yaml'), path.join('node_modules', '.modules.yaml'), path.join('node_modules', '.yarn-state.yml')];

/**
 * What identifies the generator rendering the pages: its own sources and the packages it runs
 * on. A build run by `sitegen` runs a compile named by the hash of exactly these (see bin.js),
 * so the compile's folder name is the fingerprint; run from its sources (tests), they are
 * hashed here, as this module loads with the rest (the code running is the code that was
 * loaded, whatever is edited later). Node's version is part of it too. Anything else a page is
 * made from is the page cache's key.
 */
const fingerprint = `${process.version} ${compiledKey() ?? sourcesKey()}`;

export function generatorFingerprint(): string {
  return fingerprint;
}

/** The compile this code runs from, `node_modules/.cache/sitegen/<hash>/`, by its hash; undefined when it runs from its sources. */
function compiledKey(): string | undefined {
  if (import.meta.url.endsWith('.ts') || import.meta.url.endsWith('.tsx')) return undefined;
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const name = path.basename(folder);
  return /^[0-9a-f]{16}$/.test(name) && path.basename(path.dirname(folder)) === 'sitegen' ? `compiled:${name}` : undefined;
}

/** The hash of the sources this code runs from; when they cannot be read, one no other process has (its pages are never taken by another). */
function sourcesKey(): string {
  try {
    return `sources:${hashSources(projectRootOf(fileURLToPath(import.meta.url)))}`;
  } catch {
    return `unknown:${randomUUID()}`;
  }
}

/** The project folder holding this module: the nearest folder above it with a package.json (lib/ when compiled, cli/build/ from the sources). */
function projectRootOf(file: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) if (existsSync(path.join(dir, 'package.json'))) return dir;
  throw new Error('no package.json above the generator');
}

/** Hash of every source file of the generator at `root` and of what installed its packages. */
function hashSources(root: string): string {
  const hash = createHash('sha256');
  const add = (file: string) => hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  for (const file of [...projectFiles, ...installRecords].map((name) => path.join(root, name))) if (existsSync(file)) add(file);
  for (const folder of sourceFolders) {
    const files = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) add(file);
  }
  return hash.digest('hex').slice(0, 32);
}
