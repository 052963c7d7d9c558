// What identifies the generator that made a cached value: the compiled engine (cli/compile.js
// records a hash of what it wrote), the packages installed (the lockfile) and Node's version. A
// value made by another generator is never used. Run from its TypeScript sources (the tests), the
// engine has no compiled identity: each process is a generator of its own.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let identity: string | undefined;

/** The generator's identity, worked out once per process. */
export function engineIdentity(): string {
  identity ??= [process.version, compiledIdentity() ?? `sources ${randomUUID()}`, lockfileHash()].join(' ');
  return identity;
}

/** The hash the compile step recorded beside the compiled engine; undefined when running from sources. */
function compiledIdentity(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return undefined;
  try {
    return `compiled ${readFileSync(path.join(path.dirname(here), 'engine-id'), 'utf8').trim()}`;
  } catch {
    return undefined;
  }
}

/** A hash of the lockfile of the project holding the engine, or '' without one. */
function lockfileHash(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const lockfile = path.join(dir, 'package-lock.json');
    if (existsSync(lockfile)) return createHash('sha256').update(readFileSync(lockfile)).digest('hex');
    if (existsSync(path.join(dir, 'package.json'))) return '';
  }
  return '';
}

/** Versions found so far: the code a process runs is the code it loaded, whatever is installed later. */
const versions = new Map<string, string>();

/** A dependency's installed version, found from its entry point (many packages do not export package.json). */
export function packageVersion(name: string): string {
  let version = versions.get(name);
  if (version === undefined) versions.set(name, (version = findVersion(name)));
  return version;
}

function findVersion(name: string): string {
  try {
    let dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
    while (dir !== path.dirname(dir)) {
      const manifest = path.join(dir, 'package.json');
      if (existsSync(manifest)) {
        const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string };
        if (json.name === name) return json.version ?? 'unknown';
      }
      dir = path.dirname(dir);
    }
  } catch {
    // Unresolvable: the key still changes with the engine.
  }
  return 'unknown';
}
