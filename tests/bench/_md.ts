import { renderMarkdown, getSharedHighlighter } from '../../cli/pipeline/markdown.ts';
import { readFileSync } from 'node:fs';
const src = readFileSync('/work/main/tests/bench/build.bench.ts','utf8');
const words = 'quality assurance engineers automate regression suites with playwright while ai drafts test data factories and reviewers check every generated assertion before release'.split(' ');
function paragraph(seed: number, length: number): string { return Array.from({ length }, (_, i) => words[(seed * 7 + i * 13) % words.length]).join(' '); }
function body(index: number) { return [
    paragraph(index, 120), `## Setting up suite ${index}`, paragraph(index + 1, 130),
    '- first step of the plan\n- second step with details\n- third step and review',
    '```ts', `import { test, expect } from '@playwright/test';\n\ntest('checkout ${index} works', async ({ page }) => {\n  await page.goto('/checkout');\n  await page.getByRole('button', { name: 'Pay now' }).click();\n  await expect(page.getByText('Thank you')).toBeVisible();\n});`, '```',
    `## Generating data for suite ${index}`, paragraph(index + 2, 140),
    '> Generated tests are drafts until an engineer has read every assertion.',
    '```json', JSON.stringify({ id: index, email: `user${index}@example.test`, plan: 'pro', seats: index % 50, tags: ['a', 'b'] }, null, 2), '```',
    `### Results`, paragraph(index + 3, 150), paragraph(index + 4, 140)].join('\n\n'); }
await getSharedHighlighter();
const N = Number(process.argv[2] ?? 300);
for (let i = 0; i < 30; i++) await renderMarkdown(body(i+10000));
const t = performance.now();
for (let i = 0; i < N; i++) await renderMarkdown(body(i));
console.log(((performance.now()-t)/N).toFixed(2), 'ms/doc', body(1).length, 'chars');
