// Builds a synthetic corpus of 1,000 posts with the real `sitegen build` and prints throughput
// and peak memory. Run: npm run bench:build [-- --posts 1000] [--keep]
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { copyContent, projectRoot } from '../helpers/content.ts';

const count = Number(process.argv[process.argv.indexOf('--posts') + 1]) || 1000;
/** `--keep` leaves the generated project in place (its path is printed) for profiling. */
const keep = process.argv.includes('--keep');
const words = 'quality assurance engineers automate regression suites with playwright while ai drafts test data factories and reviewers check every generated assertion before release'.split(' ');
const categories = ['AI Testing', 'Tools', 'Data', 'Manual Testing', 'Documentation', 'DevOps'];
const tags = ['AI', 'QA', 'Testing', 'Automation', 'Cursor', 'Test Data', 'CI/CD', 'DevOps', 'Productivity'];

function paragraph(seed: number, length: number): string {
  return Array.from({ length }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(' ');
}

function post(index: number): string {
  const date = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  const body = [
    paragraph(index, 120),
    `## Setting up suite ${index}`,
    paragraph(index + 1, 130),
    '- first step of the plan\n- second step with details\n- third step and review',
    '```ts',
    `import { test, expect } from '@playwright/test';\n\ntest('checkout ${index} works', async ({ page }) => {\n  await page.goto('/checkout');\n  await page.getByRole('button', { name: 'Pay now' }).click();\n  await expect(page.getByText('Thank you')).toBeVisible();\n});`,
    '```',
    `## Generating data for suite ${index}`,
    paragraph(index + 2, 140),
    '> Generated tests are drafts until an engineer has read every assertion.',
    '```json',
    JSON.stringify({ id: index, email: `user${index}@example.test`, plan: 'pro', seats: index % 50, tags: ['a', 'b'] }, null, 2),
    '```',
    `### Results`,
    paragraph(index + 3, 150),
    paragraph(index + 4, 140),
  ].join('\n\n');
  return [
    '---',
    `title: "Synthetic post ${index}: testing at scale"`,
    `slug: synthetic-post-${index}`,
    `excerpt: "A generated post used to measure how fast the site builds with a large blog."`,
    `date: ${date}`,
    `image: /images/posts/ai-powered-bug-reports.svg`,
    `imageAlt: "Illustration"`,
    `category: ${categories[index % categories.length]}`,
    `tags: [${[tags[index % tags.length], tags[(index + 3) % tags.length]].join(', ')}]`,
    '---',
    '',
    body,
    '',
  ].join('\n');
}

const { dir, content, cleanup } = await copyContent();
try {
  const posts = path.join(content, 'posts');
  for (const name of await readdir(posts)) await rm(path.join(posts, name));
  await mkdir(posts, { recursive: true });
  await Promise.all(Array.from({ length: count }, (_, i) => writeFile(path.join(posts, `synthetic-post-${i}.md`), post(i))));
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
