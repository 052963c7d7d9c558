import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The real site's posts folder under its content folder (sitegen.config.ts). */
const postsFolder = 'posts';

const words =
  'quality assurance engineers automate regression suites with playwright while ai drafts test data factories and reviewers check every generated assertion before release'.split(
    ' ',
  );
const categories = ['AI Testing', 'Tools', 'Data', 'Manual Testing', 'Documentation', 'DevOps'];
const tags = ['AI', 'QA', 'Testing', 'Automation', 'Cursor', 'Test Data', 'CI/CD', 'DevOps', 'Productivity'];

function paragraph(seed: number, length: number): string {
  return Array.from({ length }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(' ');
}

/** A post like the real ones: front matter, ~700 words, headings, a list, a quote and two fenced code blocks. */
export function syntheticPost(index: number): string {
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
    JSON.stringify(
      { id: index, email: `user${index}@example.test`, plan: 'pro', seats: index % 50, tags: ['a', 'b'] },
      null,
      2,
    ),
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

/** Replaces the posts of a content folder of the real site with `count` synthetic ones. */
export async function replacePostsWithSynthetic(contentDir: string, count: number): Promise<void> {
  const posts = path.join(contentDir, postsFolder);
  for (const name of await readdir(posts).catch(() => [])) await rm(path.join(posts, name));
  await mkdir(posts, { recursive: true });
  await Promise.all(
    Array.from({ length: count }, (_, i) => writeFile(path.join(posts, `synthetic-post-${i}.md`), syntheticPost(i))),
  );
}

/**
 * A post of the tiny site (tests/sites/tiny): its front matter (title, date, tags), two
 * headings, a list, a quote, a link home and a fenced code block.
 */
export function tinySyntheticPost(index: number): string {
  const date = new Date(Date.UTC(2020, 0, 1) + index * 86_400_000).toISOString().slice(0, 10);
  return [
    '---',
    `title: "Tiny post ${index}"`,
    `date: ${date}`,
    `tags: [${tags[index % tags.length]}]`,
    '---',
    '',
    paragraph(index, 80),
    `## Part one of post ${index}`,
    paragraph(index + 1, 90),
    '- first point\n- second point\n- third point',
    '> Every generated assertion is read before it ships.',
    '```ts',
    `export const answer${index} = ${index} * 2;`,
    '```',
    `## Part two of post ${index}`,
    `${paragraph(index + 2, 60)} Back [home](/).`,
    '',
  ].join('\n\n');
}

/** Writes `count` tiny-site posts (`tiny-post-<i>.md`) into a posts folder beside the ones there. */
export async function addTinySyntheticPosts(postsDir: string, count: number): Promise<void> {
  await mkdir(postsDir, { recursive: true });
  await Promise.all(
    Array.from({ length: count }, (_, i) => writeFile(path.join(postsDir, `tiny-post-${i}.md`), tinySyntheticPost(i))),
  );
}
