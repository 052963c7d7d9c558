#!/usr/bin/env node
// Entry point for the `sitegen` binary. The CLI is TypeScript: esbuild compiles it, with most
// of its packages, into a few modules cached under node_modules/.cache/sitegen/<hash>, where
// the hash covers every source file that can be compiled in, this file, the esbuild version
// and the installed packages. A start with unchanged sources only hashes them (about 10 ms)
// and imports the cached modules; concurrent runs never share a half-written folder.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { cacheFolder } from './project-layout.js';

// A build is short and runs the same parsing code in several threads, each of which would
// otherwise spend a large share of its time in the optimising compiler on functions that are
// only warm. Letting a function run longer before it is optimised cut a 1,000-post build's CPU
// time by about 9% and its wall time by about 0.5 s (bench:build, 2 cores, Node 20). The setting
// applies to the whole process, the Markdown worker threads included. Only V8 11.3 (Node 20)
// is known to have the flag: later V8s (Node 22 onwards) dropped it and report it as an error.
if (process.versions.v8.startsWith('11.3.')) v8.setFlagsFromString('--interrupt-budget=300000');

// V8 lets the old generation grow to about twice what survived the last full collection before
// it collects again; a build keeps little (the pages are written as they render) but allocates
// much, so that slack was most of its peak memory. Growing by a quarter instead cut a 1,000-post
// build's peak by about 80 MB, for a few more collections. Applies to the workers too.
v8.setFlagsFromString('--heap-growing-percent=25');

// React's development build checks and tracks much more per element; rendering a site needs
// neither, and the production build renders several times faster.
process.env.NODE_ENV ??= 'production';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = cacheFolder(root);
/** Folders whose files the CLI bundle can contain (templates and the island registry included). */
const sourceFolders = ['cli', 'templates', 'client'];
/** Lockfiles of every package manager, at the project root. */
const lockfiles = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock', 'bun.lockb'];
/** What npm, pnpm and yarn record in node_modules about the packages they installed there. */
const installRecords = ['.package-lock.json', path.join('.pnpm', 'lock.yaml'), '.modules.yaml', '.yarn-state.yml', '.yarn-integrity'];

const bundleDir = path.join(cacheDir, sourceHash());
if (!existsSync(path.join(bundleDir, 'cli.js'))) await compile(bundleDir);
const { main } = await import(pathToFileURL(path.join(bundleDir, 'cli.js')).href);
await main(process.argv);

function sourceHash() {
  const hash = createHash('sha256');
  const add = (file) => hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  add(fileURLToPath(import.meta.url));
  add(path.join(root, 'tsconfig.json'));
  add(path.join(root, 'node_modules', 'esbuild', 'package.json'));
  // Packages are compiled in: installing, upgrading or removing one makes a new compile.
  for (const file of installedPackageFiles()) add(file);
  hash.update(directDependencyVersions().join('\n'));
  for (const folder of sourceFolders) {
    const files = readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
    for (const file of files) add(file);
  }
  return hash.digest('hex').slice(0, 16);
}

/** The lockfiles and install records that exist: whichever package manager installed, one of them changes with any package. */
function installedPackageFiles() {
  const candidates = [...lockfiles.map((name) => path.join(root, name)), ...installRecords.map((name) => path.join(root, 'node_modules', name))];
  return candidates.filter((file) => existsSync(file));
}

/**
 * `name@version` of each runtime dependency as installed, found the way Node resolves it (so a
 * workspace's hoisted node_modules counts): covers an install that left no lockfile or record.
 * The whole tree would take about 30 ms to read; the direct dependencies about a tenth of that.
 */
function directDependencyVersions() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {}).map((name) => {
    for (let dir = root; ; dir = path.dirname(dir)) {
      const file = path.join(dir, 'node_modules', name, 'package.json');
      if (existsSync(file)) return `${name}@${JSON.parse(readFileSync(file, 'utf8')).version}`;
      if (dir === path.dirname(dir)) return `${name}@missing`;
    }
  });
}

async function compile(target) {
  const esbuild = await import('esbuild');
  const { patchPlugin, packagePatches } = await import('./bundle-patches.js');
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(path.join(cacheDir, 'tmp-'));
  try {
    // Packages are compiled in: a start then reads a few files instead of resolving some
    // hundreds of modules one by one (about 0.2 s for the CLI, and as much for each Markdown
    // worker). These stay imports: React (the dev server's freshly compiled templates must
    // share it), esbuild (it runs its own binary), jsonc-parser (its build requires its own
    // files by computed names), Shiki's grammars, themes and inlined regex engine (loaded
    // only when used), and sharp (it loads libvips, a native library, and only when an image
    // needs processing).
    const external = ['react', 'react/*', 'react-dom', 'react-dom/*', 'esbuild', 'jsonc-parser', '@shikijs/langs/*', '@shikijs/themes/*', 'shiki/wasm', 'sharp'];
    const common = {
      absWorkingDir: root, bundle: true, platform: 'node', format: 'esm', target: 'node20', outdir: staging, logLevel: 'error',
      external, plugins: [patchPlugin(packagePatches)], jsx: 'automatic',
      // CommonJS packages (gray-matter, commander) require Node's modules.
      banner: { js: "import { createRequire as __sitegenRequire } from 'node:module'; const require = __sitegenRequire(import.meta.url);" },
    };
    await Promise.all([
      esbuild.build({ ...common, entryPoints: { cli: 'cli/index.ts' }, splitting: true }),
      // The Markdown worker is one file of its own.
      esbuild.build({ ...common, entryPoints: { 'markdown-worker': 'cli/render/markdown/markdown-worker.ts' } }),
    ]);
    // Another run may have finished the same folder first; either copy is complete.
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (!existsSync(path.join(target, 'cli.js'))) throw error;
  }
  await pruneOldCompiles(target);
}

/**
 * Each change to the sources compiles a new folder; all but the few newest are removed once
 * they are a day old (a process started from one, such as a dev server, may still load
 * modules from it).
 */
async function pruneOldCompiles(current) {
  const keep = 5;
  const now = Date.now();
  const folders = readdirSync(cacheDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^[0-9a-f]{16}$/.test(entry.name) && path.join(cacheDir, entry.name) !== current)
    .map((entry) => ({ folder: path.join(cacheDir, entry.name), time: statSync(path.join(cacheDir, entry.name)).mtimeMs }))
    .sort((a, b) => b.time - a.time);
  const old = folders.slice(keep - 1).filter(({ time }) => now - time > 86_400_000);
  await Promise.all(old.map(({ folder }) => rm(folder, { recursive: true, force: true }).catch(() => undefined)));
}
