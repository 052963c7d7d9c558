// Builds a synthetic corpus of 1,000 posts with the real `sitegen build` and prints wall time,
// throughput and peak memory, cold and warm, over several runs (the machine is shared and noisy;
// the median is the figure to quote). Run: npm run bench:build [-- --posts 1000] [--runs 3] [--keep]
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { replacePostsWithSynthetic, syntheticPost } from '../helpers/synthetic-posts.ts';

const option = (name: string) => Number(process.argv[process.argv.indexOf(name) + 1]) || undefined;
const count = option('--posts') ?? 1000;
const runs = option('--runs') ?? 3;
/** `--keep` leaves the generated project in place (its path is printed) for profiling. */
const keep = process.argv.includes('--keep');
/** Node options of the package's build script, so the benchmark runs the build as `npm run build` does. */
const buildScript = JSON.parse(await readFile(path.join(projectRoot, 'package.json'), 'utf8')).scripts.build as string;
const nodeOptions = /^node((?: --[\w-]+(?:=\S+)?)*) cli\/bin\.js build$/.exec(buildScript)?.[1]?.trim().split(' ').filter(Boolean);
if (!nodeOptions) throw new Error(`unexpected build script: ${buildScript}`);

interface Run {
  seconds: number;
  pages: number;
  phases: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * How fast this machine is right now: one synthetic post's Markdown rendered in this thread,
 * after a warm-up. A shared machine's speed drifts by tens of percent; this puts the build
 * figures in context (measured before and after them).
 */
async function calibrate(): Promise<string> {
  const bodies = Array.from({ length: 250 }, (_, i) => syntheticPost(100_000 + i).split('\n---\n')[1]!);
  for (const body of bodies.slice(0, 50)) await renderMarkdown(body);
  const start = performance.now();
  for (const body of bodies.slice(50)) await renderMarkdown(body);
  return `${((performance.now() - start) / 200).toFixed(2)} ms per post`;
}

const { dir, content, cleanup } = await copyContent();
try {
  await replacePostsWithSynthetic(content, count);
  /** The real binary, from process start to exit. */
  const build = (out: string, ...flags: string[]): Run => {
    const start = performance.now();
    const run = spawnSync(process.execPath, [...nodeOptions, path.join(projectRoot, 'cli', 'bin.js'), 'build', '--content', content, '--out', path.join(dir, out), '--no-check-links', ...flags], { cwd: projectRoot, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
    return { seconds: (performance.now() - start) / 1000, pages: Number(/Built (\d+) pages/.exec(run.stdout)?.[1]), phases: run.stdout.split('\n')[1]!.trim() };
  };
  const report = (label: string, results: Run[]) => {
    const seconds = median(results.map((r) => r.seconds));
    const typical = results.find((r) => r.seconds === seconds)!;
    console.log(`${label}: median ${seconds.toFixed(2)} s, ${(typical.pages / seconds).toFixed(0)} pages/s (runs: ${results.map((r) => r.seconds.toFixed(2)).join(', ')} s)`);
    console.log(`  ${typical.phases}`);
  };
  console.log(`posts: ${count}, runs: ${runs}, as \`node ${[...nodeOptions, 'cli/bin.js build'].join(' ')}\``);
  const speedBefore = await calibrate();
  // Cold: no Markdown cache (--no-cache), each run into a new output folder.
  const cold = Array.from({ length: runs }, (_, i) => build(`dist-cold-${i}`, '--no-cache'));
  console.log(`pages written: ${cold[0]!.pages}`);
  report('cold', cold);
  const coldMedian = median(cold.map((r) => r.seconds));
  console.log(`  target < 5 s for 1,000 posts: ${count !== 1000 ? 'not applicable to this corpus size' : coldMedian < 5 ? 'median under it' : 'median over it'}`);
  // Warm: the Markdown cache filled by a first build; each run replaces the last output.
  build('dist');
  report('warm (Markdown cache)', Array.from({ length: runs }, () => build('dist')));
  console.log(`machine speed, one thread: ${speedBefore} before, ${await calibrate()} after (Markdown of one synthetic post)`);
  console.log(`load average: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.availableParallelism()} cores)`);
} finally {
  if (keep) console.log(`kept: ${dir}`);
  else await cleanup();
}
