// Compiles the engine (cli/, TypeScript) into plain JavaScript in lib/, with esbuild: npm runs it
// after every install (`prepare`), and the launcher runs it again when a source changed since, or
// when lib/ no longer holds what the compile wrote, so neither an edit nor code added to lib/
// runs unnoticed. Packages stay imports, resolved by Node as usual.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const lib = path.join(root, 'lib');
const stampFile = path.join(lib, 'sources.json');
const idFile = path.join(lib, 'engine-id');
/** The folders whose TypeScript the engine is compiled from. */
const sourceFolders = ['cli'];
/**
 * What Node runs: the CLI, the Markdown worker it starts, and the public entry a site's compiled
 * definition imports (lib/<name>.js), which shares the CLI's chunks and so its modules.
 */
const entryPoints = {
  index: 'cli/index.ts',
  'markdown-worker': 'cli/render/markdown/markdown-worker.ts',
  site: 'cli/site.ts',
};

/**
 * Each source file as it is now: path, size and modification time. Any difference from the last
 * compile's list means compiling again.
 */
function sourceList() {
  const files = [];
  for (const folder of sourceFolders) {
    for (const entry of readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|js|json|css)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const info = statSync(file);
      files.push([path.relative(root, file), info.size, info.mtimeMs]);
    }
  }
  return JSON.stringify(files.sort((a, b) => (a[0] < b[0] ? -1 : 1)));
}

/**
 * The hash of the JavaScript in `folder`, by name and content: what Node can run of a compile.
 * Source maps run nothing and are left out, which keeps the launcher's check cheap.
 */
function contentHash(folder) {
  const hash = createHash('sha256');
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.js'))
    .sort()) {
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(path.join(folder, name)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** The text of a stamp the compile wrote, or undefined when there is none. */
function stamp(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/**
 * Compiles the engine into lib/; with `ifStale`, only when a source changed since the last
 * compile, or lib/'s JavaScript is no longer what that compile wrote (a file edited, added or removed).
 */
export async function compileEngine({ ifStale = false } = {}) {
  const sources = sourceList();
  if (ifStale && stamp(stampFile) === sources && stamp(idFile) === contentHash(lib)) return;
  const esbuild = await import('esbuild');
  const staging = `${lib}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints,
      outdir: staging,
      bundle: true,
      splitting: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'linked',
      logLevel: 'error',
    });
    // What the caches know this engine by (cli/cache/engine-identity.ts), and the stamp the
    // launcher checks lib/ against: the same sources compile to the same bytes, on any machine
    // and in any copy of the project.
    const outputs = readdirSync(staging).sort();
    writeFileSync(path.join(staging, 'engine-id'), contentHash(staging));
    writeFileSync(path.join(staging, 'sources.json'), sources);
    // Each file is moved into lib/ by a rename, chunks before the entry points that import them
    // and the stamp last, and lib/ itself is never removed: a launcher starting meanwhile, or
    // another compiling the same sources at once (parallel tests after an edit), always finds a
    // complete engine.
    const entries = [
      ...Object.keys(entryPoints).flatMap((name) => [`${name}.js`, `${name}.js.map`]),
      'engine-id',
      'sources.json',
    ];
    const order = [...outputs.filter((name) => !entries.includes(name)), ...entries];
    mkdirSync(lib, { recursive: true });
    for (const name of order) renameSync(path.join(staging, name), path.join(lib, name));
    for (const name of readdirSync(lib))
      if (!order.includes(name)) rmSync(path.join(lib, name), { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await compileEngine();
