// The blog at scale: builds a copy of the project whose posts are 1,000 and then 5,000 realistic
// ones (the peer benchmark's corpus, tests/helpers/realistic-posts.ts) with the real
// `sitegen build --no-cache`, and prints for each: build time, CPU time, peak memory, the bytes
// of /blog/, of the home page and of the largest page, the explorer's index of posts, and the
// search index (its largest file and its total), so a page or a file that grows with the post
// count shows. Then how time and memory grew between the two sizes, against the post count.
// Then an image-heavy blog like a real engineering blog (tests/helpers/photo-posts.ts): 300 posts,
// each with a photo of 1,600–2,400 px beside it and one in ten with an animated GIF, built the
// same way, with the CPU time one photo's variants take to encode on one thread and the encoder
// settings that decide it.
// Run: npm run bench:scale [-- --posts 1000,5000] [--photos 300] [--keep]   (0 leaves either out)
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { encoderSettingsText } from '../../cli/images/encode-options.ts';
import { encodeVariants } from '../../cli/images/encode-variants.ts';
import { readRasterInfo } from '../../cli/images/read-raster-info.ts';
import { planImage } from '../../cli/images/variant-plan.ts';
import { replacePostsWithPhotoPosts } from '../helpers/photo-posts.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { replacePostsWithRealistic } from '../helpers/realistic-posts.ts';

const argument = (name: string) => process.argv[process.argv.indexOf(name) + 1];
const sizes = (process.argv.includes('--posts') ? argument('--posts')! : '1000,5000')
  .split(',')
  .map(Number)
  .filter((count) => count > 0);
const photoPosts = process.argv.includes('--photos') ? Number(argument('--photos')) : 300;
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

/** `sitegen build --no-cache` of the project at `root` into `out`, as a user runs it: wall and CPU seconds, peak MiB, its summary. */
function coldBuild(root: string, out: string, what: string) {
  const usageFile = path.join(root, 'usage.json');
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
    throw new Error(`build of ${what} failed (exit ${run.status ?? run.signal}):\n${run.stderr.slice(-4000)}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as {
    userSeconds: number;
    systemSeconds: number;
    peakKiB: number;
  };
  return {
    wall,
    cpu: usage.userSeconds + usage.systemSeconds,
    peakMiB: usage.peakKiB / 1024,
    phases: run.stdout.split('\n')[1]!.trim(),
  };
}

/**
 * CPU milliseconds one photo's variants take to encode on one thread, as the build encodes them
 * (every width in every format), with the bytes they come to.
 */
async function encodeOnePhoto(file: string): Promise<{ ms: number; variants: number; bytes: number }> {
  const bytes = readFileSync(file);
  const info = await readRasterInfo(file, bytes);
  const plan = planImage({ ...info, url: '/images/photo.jpg', source: file, hash: 'bench', bytes: bytes.length });
  const threads = sharp.concurrency();
  sharp.concurrency(1);
  try {
    let written = 0;
    const before = process.cpuUsage();
    await encodeVariants(plan, bytes, plan.variants, async (_variant, encoded) => {
      written += encoded.length;
    });
    const used = process.cpuUsage(before);
    return { ms: (used.user + used.system) / 1000, variants: plan.variants.length, bytes: written };
  } finally {
    sharp.concurrency(threads);
  }
}

const { root, cleanup } = await copyProject({ ownCache: true });
const results: Figures[] = [];
try {
  for (const count of sizes) {
    await replacePostsWithRealistic(path.join(root, 'content'), count);
    const out = path.join(root, `dist-${count}`);
    const { wall, cpu, peakMiB } = coldBuild(root, out, `${count} posts`);
    const files = await filesOf(out);
    const pages = files.filter((f) => f.file.endsWith('.html'));
    const size = (file: string) => files.find((f) => f.file === file)?.bytes ?? Number.NaN;
    const search = files.filter((f) => f.file.startsWith(`pagefind${path.sep}`));
    results.push({
      posts: count,
      pages: pages.length,
      wall,
      cpu,
      peakMiB,
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

  if (results.length > 0) {
    console.log('');
    console.log(
      `${'posts'.padStart(6)} ${'pages'.padStart(6)} ${'wall s'.padStart(7)} ${'CPU s'.padStart(7)} ${'peak MiB'.padStart(9)} ${'/blog/'.padStart(10)} ${'home'.padStart(10)} ${'largest page'.padStart(13)} ${'posts.json'.padStart(11)}  search index`,
    );
  }
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
  if (photoPosts > 0) {
    const corpus = await replacePostsWithPhotoPosts(path.join(root, 'content'), photoPosts);
    const out = path.join(root, `dist-photos-${photoPosts}`);
    const build = coldBuild(root, out, `${photoPosts} posts with photos`);
    const postsFolder = path.join(root, 'content', 'posts');
    const first = path.join(postsFolder, (await readdir(postsFolder)).sort()[0]!, 'photo.jpg');
    // The first encode loads the encoders; the second is the figure.
    await encodeOnePhoto(first);
    const one = await encodeOnePhoto(first);
    const width = (await sharp(first).metadata()).width;
    console.log('');
    console.log(
      `${photoPosts} posts with pictures (${corpus.photos} photos of 1,600–2,400 px, ${corpus.animations} animated GIFs, ${(corpus.bytes / 1024 / 1024).toFixed(1)} MB): ${build.wall.toFixed(1)} s wall, ${build.cpu.toFixed(1)} s CPU, peak ${build.peakMiB.toFixed(0)} MiB`,
    );
    console.log(`  ${build.phases}`);
    console.log(
      `  one photo of ${width} px on one thread: ${one.ms.toFixed(0)} ms CPU for its ${one.variants} variants (${(one.bytes / 1024).toFixed(0)} KB)`,
    );
    console.log(`  encoder settings: ${encoderSettingsText}`);
    if (!keep) rmSync(out, { recursive: true, force: true });
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
