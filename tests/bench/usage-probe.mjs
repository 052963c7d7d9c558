// Preloaded into a benchmarked process (`node --import <this file> …`): when the process exits,
// writes its CPU time (user and system, all threads, workers included) and peak resident memory
// as JSON to the file named by SITEGEN_BENCH_USAGE_FILE. Plain JavaScript so that the measured
// process runs exactly as `npm run build` runs it, without a TypeScript loader.
import { writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.SITEGEN_BENCH_USAGE_FILE;
// Worker threads inherit the preload; only the main thread reports, for the whole process.
if (isMainThread && file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({
        userSeconds: usage.userCPUTime / 1e6,
        systemSeconds: usage.systemCPUTime / 1e6,
        peakKiB: usage.maxRSS,
      }),
    );
  });
}
