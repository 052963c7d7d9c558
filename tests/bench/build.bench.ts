// Builds a synthetic corpus of 1,000 posts with the real `sitegen build` and prints throughput
// and peak memory. Run: npm run bench:build [-- --posts 1000] [--keep]
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { copyContent, projectRoot } from '../helpers/content.ts';
import { replacePostsWithSynthetic } from '../helpers/synthetic-posts.ts';

const count = Number(process.argv[process.argv.indexOf('--posts') + 1]) || 1000;
/** `--keep` leaves the generated project in place (its path is printed) for profiling. */
const keep = process.argv.includes('--keep');
const { dir, content, cleanup } = await copyContent();
try {
  await replacePostsWithSynthetic(content, count);
  const build = (...flags: string[]) => {
    const start = performance.now();
    const run = spawnSync(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), 'build', '--content', content, '--out', path.join(dir, 'dist'), '--no-check-links', ...flags], { cwd: projectRoot, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`build failed:\n${run.stderr}`);
    return { seconds: (performance.now() - start) / 1000, stdout: run.stdout };
  };
  // The real binary, from process start to exit. Cold: nothing cached (--no-cache).
  const cold = build('--no-cache');
  const pages = Number(/Built (\d+) pages/.exec(cold.stdout)?.[1]);
  console.log(`posts: ${count}, pages written: ${pages}`);
  console.log(`cold: ${cold.seconds.toFixed(2)} s, ${(pages / cold.seconds).toFixed(0)} pages/s (target < 5 s)`);
  console.log(`  ${cold.stdout.split('\n')[1]!.trim()}`);
  // Warm: the second build with the Markdown cache the first one filled.
  build();
  const warm = build();
  console.log(`warm (Markdown cache): ${warm.seconds.toFixed(2)} s, ${(pages / warm.seconds).toFixed(0)} pages/s`);
  console.log(`  ${warm.stdout.split('\n')[1]!.trim()}`);
  console.log(`load average: ${os.loadavg().map((n) => n.toFixed(2)).join(' ')} (${os.availableParallelism()} cores)`);
} finally {
  if (keep) console.log(`kept: ${dir}`);
  else await cleanup();
}
