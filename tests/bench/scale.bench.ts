// The blog at scale: builds a copy of the project whose posts are 1,000 and then 5,000 realistic
// ones (the peer benchmark's corpus, tests/helpers/realistic-posts.ts) with the real
// `sitegen build --no-cache`, and prints for each: build time, CPU time, peak memory, the bytes
// of /blog/, of the home page and of the largest page, the explorer's index of posts, and the
// search index (its largest file and its total), so a page or a file that grows with the post
// count shows. Then how time and memory grew between the two sizes, against the post count.
// Run: npm run bench:scale [-- --posts 1000,5000] [--keep]
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { copyProject } from '../helpers/project-copy.ts';
import { replacePostsWithRealistic } from '../helpers/realistic-posts.ts';

const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const sizes = (process.argv.includes('--posts') ? argument('--posts')! : '1000,5000').split(',').map(Number);
const keep = process.argv.includes('--keep');
const probe = pathToFileURL(path.join(import.meta.dirname, 'usage-probe.mjs')).href;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

interface Figures {
  posts: number;
  pages: number;
  wall: number;
  cpu: number;
  peakMiB: number;
  blog: number;
  home: number;
  largest: { file: string; bytes: number };
  postsIndex: number;
  search?: { files: number; largest: number; total: number };
}

/** Every file under `folder`, with its size, relative to it. */
async function filesOf(folder: string): Promise<{ file: string; bytes: number }[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return { file: path.relative(folder, file), bytes: (await stat(file)).size };
      }),
  );
}

const { root, cleanup } = await copyProject({ ownCache: true });
const results: Figures[] = [];
try {
  const usageFile = path.join(root, 'usage.json');
  for (const count of sizes) {
    await replacePostsWithRealistic(path.join(root, 'content'), count);
    const out = path.join(root, `dist-${count}`);
    rmSync(usageFile, { force: true });
    const start = performance.now();
    const run = spawnSync(
      process.execPath,
      ['--import', probe, path.join(root, 'cli', 'bin.js'), 'build', '--no-cache', '--out', out],
      {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, SITEGEN_BENCH_USAGE_FILE: usageFile },
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    const wall = (performance.now() - start) / 1000;
    if (run.status !== 0)
      throw new Error(`build of ${count} posts failed (exit ${run.status ?? run.signal}):\n${run.stderr.slice(-4000)}`);
    const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as {
      userSeconds: number;
      systemSeconds: number;
      peakKiB: number;
    };
    const files = await filesOf(out);
    const pages = files.filter((f) => f.file.endsWith('.html'));
    const size = (file: string) => files.find((f) => f.file === file)?.bytes ?? Number.NaN;
    const search = files.filter((f) => f.file.startsWith(`pagefind${path.sep}`));
    results.push({
      posts: count,
      pages: pages.length,
      wall,
      cpu: usage.userSeconds + usage.systemSeconds,
      peakMiB: usage.peakKiB / 1024,
      blog: size(path.join('blog', 'index.html')),
      home: size('index.html'),
      largest: pages.reduce((a, b) => (b.bytes > a.bytes ? b : a)),
      postsIndex: size(path.join('blog', 'posts.json')),
      ...(search.length > 0
        ? {
            search: {
              files: search.length,
              largest: Math.max(...search.map((f) => f.bytes)),
              total: search.reduce((sum, f) => sum + f.bytes, 0),
            },
          }
        : {}),
    });
    console.log(`${count} posts built: ${pages.length} pages in ${wall.toFixed(1)} s`);
    if (!keep) rmSync(out, { recursive: true, force: true });
  }

  console.log('');
  console.log(
    `${'posts'.padStart(6)} ${'pages'.padStart(6)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'peak MiB'.padStart(9)} ${'/blog/'.padStart(10)} ${'home'.padStart(10)} ${'largest page'.padStart(13)} ${'posts.json'.padStart(11)}  search index`,
  );
  for (const r of results) {
    const search = r.search
      ? `${r.search.files} files, largest ${kib(r.search.largest)}, ${kib(r.search.total)} in all`
      : 'none';
    console.log(
      `${String(r.posts).padStart(6)} ${String(r.pages).padStart(6)} ${r.wall.toFixed(1).padStart(7)} ${r.cpu.toFixed(1).padStart(7)} ${r.peakMiB.toFixed(0).padStart(9)} ${kib(r.blog).padStart(10)} ${kib(r.home).padStart(10)} ${kib(r.largest.bytes).padStart(13)} ${kib(r.postsIndex).padStart(11)}  ${search}`,
    );
  }
  for (const r of results) console.log(`largest page at ${r.posts} posts: ${r.largest.file}`);
  if (results.length >= 2) {
    const [small, large] = [results[0]!, results.at(-1)!];
    const ratio = large.posts / small.posts;
    console.log('');
    console.log(
      `posts ×${ratio.toFixed(1)}: wall ×${(large.wall / small.wall).toFixed(2)}, CPU ×${(large.cpu / small.cpu).toFixed(2)}, peak memory ×${(large.peakMiB / small.peakMiB).toFixed(2)} (no faster than the post count when each is at most ×${ratio.toFixed(1)})`,
    );
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.availableParallelism()} cores)`,
  );
} finally {
  if (keep) console.log(`kept: ${root}`);
  else await cleanup();
}
