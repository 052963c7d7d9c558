// Builds the site with 40 photos of 3000 × 2000 px (JPEG, with noise so they compress like
// photographs) in a post, and prints cold and warm build times, the CPU used beside the wall
// time (both cores while images are encoded), and the bytes a visitor downloads against the
// originals. Run: npm run bench:images [-- --photos 40] [--cold-runs 1] [--runs 5] [--concurrency 2] [--keep]
import { cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';

const option = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
const photos = option('--photos') ?? 40;
/** A cold build encodes every photo (minutes on two cores); warm builds take a second or two. */
const coldRuns = option('--cold-runs') ?? 1;
const runs = option('--runs') ?? 5;
const concurrency = option('--concurrency');
const keep = process.argv.includes('--keep');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A 3000 × 2000 photo-like JPEG: soft shapes under per-pixel noise, different for each seed. */
async function photo(seed: number): Promise<Buffer> {
  const [width, height] = [3000, 2000];
  const hue = (n: number) => (seed * 47 + n * 61) % 360;
  const circles = Array.from(
    { length: 24 },
    (_, i) =>
      `<circle cx="${(i * 397 + seed * 131) % width}" cy="${(i * 211 + seed * 89) % height}" r="${120 + ((i * 53 + seed) % 360)}" fill="hsl(${hue(i)},55%,${35 + (i % 4) * 10}%)" fill-opacity="0.7"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue(99)},35%,55%)"/>${circles}</svg>`;
  const scene = await sharp(Buffer.from(svg)).blur(6).raw().toBuffer({ resolveWithObject: true });
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 22 } },
  })
    .raw()
    .toBuffer();
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, j = 0; i < pixels.length; i += 3, j += scene.info.channels) {
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, scene.data[j + c]! + noise[i + c]! - 128));
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Writes the photos under content/images/bench/ and a post showing every one of them. */
async function addPhotos(content: string): Promise<number> {
  const folder = path.join(content, 'images', 'bench');
  await mkdir(folder, { recursive: true });
  let bytes = 0;
  for (let i = 0; i < photos; i += 2) {
    const pair = await Promise.all([i, i + 1].filter((n) => n < photos).map(async (n) => [n, await photo(n)] as const));
    for (const [n, jpeg] of pair) {
      await writeFile(path.join(folder, `photo-${String(n).padStart(2, '0')}.jpg`), jpeg);
      bytes += jpeg.length;
    }
  }
  const figures = Array.from(
    { length: photos },
    (_, n) =>
      `![Benchmark photo ${n}: soft coloured shapes under film grain](/images/bench/photo-${String(n).padStart(2, '0')}.jpg)`,
  ).join('\n\n');
  const post = [
    '---',
    'title: "Photo gallery"',
    'slug: photo-gallery',
    'excerpt: "Forty photographs."',
    'date: 2024-01-02',
    'image: /images/posts/ai-powered-bug-reports.svg',
    'imageAlt: "An illustration"',
    'category: Gallery',
    'tags: [Photos]',
    '---',
    '',
    figures,
    '',
  ].join('\n');
  await writeFile(path.join(content, 'posts', 'photo-gallery.md'), post);
  return bytes;
}

interface Run {
  ms: number;
  /** CPU time of this process (every thread, sharp's included) over wall time. */
  cores: number;
  result: BuildResult;
}

/** One build to disk, as `sitegen build` writes (without the link check), with its own cache (none with `false`). */
async function build(content: string, out: string, cacheDir: string | false): Promise<Run> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await buildSite({
    root: projectRoot,
    site: realSite,
    contentDir: content,
    writer: new DiskWriter(out),
    checkLinks: false,
    cache: new Cache(cacheDir || undefined),
    imageConcurrency: concurrency,
    env: {},
    now: new Date('2026-11-21T00:00:00Z'),
  });
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  return { ms, cores: (used.user + used.system) / 1000 / ms, result };
}

/** Every file under a folder with its size, by path relative to it. */
async function sizes(folder: string): Promise<[string, number][]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(folder, file), (await stat(file)).size] as [string, number];
      }),
  );
}

const { dir, content, cleanup } = await copyContent();
try {
  const withoutPhotos = path.join(dir, 'content-without-photos');
  await cp(content, withoutPhotos, { recursive: true });
  const generating = performance.now();
  const originalBytes = await addPhotos(content);
  console.log(
    `photos: ${photos} of 3000 × 2000 px JPEG, ${megabytes(originalBytes)} in all (made in ${((performance.now() - generating) / 1000).toFixed(1)} s); ${os.availableParallelism()} cores, concurrency ${concurrency ?? 'default'}`,
  );
  // Warms up the modules and the site's own images, so the runs time only what the photos add.
  const siteCache = path.join(dir, 'cache-site');
  await build(withoutPhotos, path.join(dir, 'dist-without'), siteCache);
  const cold: Run[] = [];
  for (let i = 0; i < coldRuns; i++)
    cold.push(await build(content, path.join(dir, 'dist'), path.join(dir, `cache-cold-${i}`)));
  const coldMs = median(cold.map((run) => run.ms));
  const typical = cold.find((run) => run.ms === coldMs)!;
  console.log(
    `cold: median ${(coldMs / 1000).toFixed(1)} s (runs ${cold.map((run) => (run.ms / 1000).toFixed(1)).join(', ')} s), CPU ${typical.cores.toFixed(2)} × wall time; ${typical.result.images.processed} images, ${typical.result.images.encoded} variants encoded`,
  );
  const warmCache = path.join(dir, 'cache-cold-0');
  const warm = Array.from({ length: runs }, () => 0);
  const base = Array.from({ length: runs }, () => 0);
  let warmRun: Run | undefined;
  for (let i = 0; i < runs; i++) {
    base[i] = (await build(withoutPhotos, path.join(dir, 'dist-without'), siteCache)).ms;
    warmRun = await build(content, path.join(dir, 'dist'), warmCache);
    warm[i] = warmRun.ms;
    if (warmRun.result.images.processed !== 0)
      throw new Error(`a warm build processed ${warmRun.result.images.processed} images`);
  }
  console.log(
    `warm: median ${median(warm).toFixed(0)} ms with the photos, ${median(base).toFixed(0)} ms without them: the photos add ${(median(warm) - median(base)).toFixed(0)} ms (target < 100 ms); no image processed`,
  );
  console.log(
    `  phases with the photos: ${Object.entries(warmRun!.result.timings)
      .map(([phase, ms]) => `${phase} ${Math.round(ms)} ms`)
      .join(', ')}`,
  );
  // What is published for the photos, from the last warm build's output.
  const published = await sizes(path.join(dir, 'dist', 'images', 'bench'));
  const at = (width: number, extension: string) =>
    published
      .filter(([file]) => file.includes(`-${width}w.`) && file.endsWith(extension))
      .reduce((sum, [, bytes]) => sum + bytes, 0);
  const widest = (extension: string) => at(1600, extension);
  const saved = (bytes: number) =>
    `${megabytes(bytes)} (${(100 - (bytes / originalBytes) * 100).toFixed(1)}% less than the originals)`;
  console.log(`bytes a visitor downloads for all ${photos} photos, against ${megabytes(originalBytes)} of originals:`);
  console.log(
    `  1600 px (a 2× screen): AVIF ${saved(widest('.avif'))}, WebP ${saved(widest('.webp'))}, JPEG ${saved(widest('.jpg'))}`,
  );
  console.log(`  800 px (a phone):      AVIF ${saved(at(800, '.avif'))}`);
  console.log(
    `  every file written for them: ${published.length}, ${megabytes(published.reduce((sum, [, bytes]) => sum + bytes, 0))} (each width in AVIF, WebP and JPEG, and each photo at its own URL)`,
  );
  console.log(
    `load average: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${os.availableParallelism()} cores; other work on the machine slows every figure)`,
  );
} finally {
  if (keep) console.log(`kept: ${dir}`);
  else await cleanup();
}
