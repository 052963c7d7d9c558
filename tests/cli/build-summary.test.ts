import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatSummary } from '../../cli/commands/build.ts';
import { disableColour } from '../../cli/output.ts';
import type { BuildResult, PageBudget } from '../../cli/pipeline/build-site.ts';

// The summary `sitegen build` prints: the JavaScript pages load is grouped by the islands they
// hold, one line a group naming how many pages and one of them; --verbose lists every page.

disableColour();

const budget = (path: string, islands: string[], bytes: number, gzip: number): PageBudget => ({
  path,
  islands,
  bytes,
  gzip,
});
const budgets = [
  budget('/', ['TestimonialCarousel'], 9216, 3072),
  budget('/about', [], 1024, 512),
  budget('/blog', ['BlogExplorer'], 10_240, 4096),
  budget('/terms', [], 1024, 512),
  budget('/privacy', [], 1024, 512),
];

function result(): BuildResult {
  return {
    committed: true,
    pages: budgets.map(() => ({})) as BuildResult['pages'],
    redirects: 2,
    files: 40,
    budgets,
    images: { images: 0, processed: 0, encoded: 0 },
    shareCards: {} as BuildResult['shareCards'],
    renderedPages: 3,
    productionProblems: [],
    warnings: [],
    timings: { load: 10, render: 20, images: 0, cards: 0, bundle: 5, write: 3, check: 1 } as BuildResult['timings'],
    totalMs: 42,
  };
}

test('the JavaScript table has a line per group of islands, naming how many pages and one of them', () => {
  const lines = formatSummary(result(), 'dist', '0 broken links in 0 files, 12 checked in 1 ms').split('\n');
  assert.equal(
    lines[0],
    'Built 5 pages and 2 redirects (40 files) into dist/ in 42 ms; rendered 3 of 5 pages (2 unchanged, from the page cache)',
  );
  assert.match(
    lines[1]!,
    /^ {2}load 10 ms, render 20 ms, images 0 ms, cards 0 ms, bundle 5 ms, write 3 ms, check 1 ms; peak memory \d+ MB$/,
  );
  assert.deepEqual(lines.slice(2), [
    '  links: 0 broken links in 0 files, 12 checked in 1 ms',
    '',
    'JavaScript per page (bytes, gzip, islands; --verbose lists every page):',
    '     9.0 KB     3.0 KB gzip  TestimonialCarousel  /',
    '     1.0 KB     0.5 KB gzip  -                    3 pages, such as /about',
    '    10.0 KB     4.0 KB gzip  BlogExplorer         /blog',
  ]);
});

test('with --verbose the table lists every page with its islands', () => {
  const lines = formatSummary(result(), 'dist', undefined, true).split('\n');
  assert.deepEqual(lines.slice(2), [
    '',
    'JavaScript per page (bytes, gzip, islands):',
    '  /            9.0 KB     3.0 KB gzip  TestimonialCarousel',
    '  /about       1.0 KB     0.5 KB gzip  -',
    '  /blog       10.0 KB     4.0 KB gzip  BlogExplorer',
    '  /terms       1.0 KB     0.5 KB gzip  -',
    '  /privacy     1.0 KB     0.5 KB gzip  -',
  ]);
});
