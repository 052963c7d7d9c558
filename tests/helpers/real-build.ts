import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { projectRoot } from './content.ts';
import { projectCache } from './sites.ts';
import { realSite } from './real-site.ts';

// One build of the marketing site for every test file that checks what it promises visitors:
// test files run in processes of their own, so the first to ask builds into a folder named after
// the sources, and the others wait for it and read the same output.

/** The date the shared build is made as of, so future-dated posts do not change it over time. */
export const buildDate = new Date('2026-11-21T00:00:00Z');

/** A hash of everything the real site's output is made from. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  for (const folder of ['cli', 'templates', 'client', 'server', 'content']) {
    for (const entry of readdirSync(path.join(projectRoot, folder), { recursive: true, withFileTypes: true }).sort(
      (a, b) => (path.join(a.parentPath, a.name) < path.join(b.parentPath, b.name) ? -1 : 1),
    )) {
      if (!entry.isFile()) continue;
      const file = path.join(entry.parentPath, entry.name);
      hash.update(path.relative(projectRoot, file)).update(readFileSync(file));
    }
  }
  hash
    .update(readFileSync(path.join(projectRoot, 'sitegen.config.ts')))
    .update(readFileSync(path.join(projectRoot, 'package-lock.json')));
  return hash.digest('hex').slice(0, 16);
}

/** What the shared build wrote, and where. */
export interface RealBuild {
  outDir: string;
  /** The summary of the build (pages, budgets, link report), as the process that built it saw it. */
  summary: { pages: number; redirects: number; files: number; budgets: BuildResult['budgets']; linkFindings: number };
}

/** The shared build of the real site (see the top of this file). */
export async function realSiteBuild(): Promise<RealBuild> {
  const folder = path.join(os.tmpdir(), `sitegen-real-build-${sourcesHash()}`);
  const outDir = path.join(folder, 'dist');
  const done = path.join(folder, 'summary.json');
  const lock = path.join(folder, 'building');
  await mkdir(folder, { recursive: true });
  for (;;) {
    if (existsSync(done)) return { outDir, summary: JSON.parse(readFileSync(done, 'utf8')) as RealBuild['summary'] };
    try {
      await mkdir(lock);
      break;
    } catch {
      // Another test process is building it.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    // The images, cards and highlighted code other builds of the same sources made are taken from the project's cache.
    const result = await buildSite({
      root: projectRoot,
      site: realSite,
      writer: new DiskWriter(outDir),
      cache: projectCache,
      now: buildDate,
    });
    const summary: RealBuild['summary'] = {
      pages: result.pages.length,
      redirects: result.redirects,
      files: result.files,
      budgets: result.budgets,
      linkFindings: result.links?.findings.length ?? 0,
    };
    await writeFile(done, JSON.stringify(summary));
    return { outDir, summary };
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}
