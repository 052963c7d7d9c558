#!/usr/bin/env node
// Entry point for the `sitegen` binary. The CLI is TypeScript: esbuild compiles it into a few
// modules (dependencies stay imports), cached under node_modules/.cache by content hash. That
// starts far faster than compiling each file on the fly, and concurrent runs never share a
// half-written file.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import * as esbuild from 'esbuild';

// A build is short and runs the same parsing code in several threads, each of which would
// otherwise spend a large share of its time in the optimising compiler on functions that are
// only warm. Letting a function run longer before it is optimised cut a 1,000-post build's CPU
// time by about 9% and its wall time by about 0.5 s (bench:build, 2 cores). The setting applies
// to the whole process, the Markdown worker threads included.
v8.setFlagsFromString('--interrupt-budget=300000');

// React's development build checks and tracks much more per element; rendering a site needs
// neither, and the production build renders several times faster.
process.env.NODE_ENV ??= 'production';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const cacheDir = path.join(root, 'node_modules', '.cache', 'sitegen');
const result = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { cli: 'cli/index.ts', 'markdown-worker': 'cli/pipeline/markdown-worker.ts' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  jsx: 'automatic',
  outdir: cacheDir,
  write: false,
  logLevel: 'error',
});
const hash = createHash('sha256');
for (const file of result.outputFiles) hash.update(file.path).update(file.contents);
const bundleDir = path.join(cacheDir, hash.digest('hex').slice(0, 16));
if (!existsSync(bundleDir)) {
  await mkdir(cacheDir, { recursive: true });
  const staging = await mkdtemp(path.join(cacheDir, 'tmp-'));
  for (const file of result.outputFiles) {
    const target = path.join(staging, path.relative(cacheDir, file.path));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.contents);
  }
  await rename(staging, bundleDir).catch(() => rm(staging, { recursive: true, force: true }));
}
const { main } = await import(pathToFileURL(path.join(bundleDir, 'cli.js')).href);
await main(process.argv);
