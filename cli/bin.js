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
import * as esbuild from 'esbuild';

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
