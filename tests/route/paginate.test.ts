import assert from 'node:assert/strict';
import { test } from 'node:test';
import { listPagePath, pagerEntries, paginate } from '../../cli/route/paginate.ts';

test('splits a list into pages of the given size, in order, the last one holding the rest', () => {
  const pages = paginate(['a', 'b', 'c', 'd', 'e'], 2, '/blog');
  assert.deepEqual(
    pages.map((page) => [page.number, page.count, page.items]),
    [
      [1, 3, ['a', 'b']],
      [2, 3, ['c', 'd']],
      [3, 3, ['e']],
    ],
  );
  assert.ok(pages.every((page) => page.first === '/blog'));
});

test('an empty list still has its first page, so its address exists', () => {
  assert.deepEqual(
    paginate([], 10, '/tags/x').map((page) => [page.number, page.count, page.items]),
    [[1, 1, []]],
  );
});

test('refuses a page size that is not a whole number of at least one', () => {
  for (const size of [0, -1, 1.5, Number.NaN]) assert.throws(() => paginate([1], size, '/'), RangeError);
});

test("page 1 is the list's own address, later pages are under /page/", () => {
  assert.equal(listPagePath('/blog', 1), '/blog');
  assert.equal(listPagePath('/blog', 2), '/blog/page/2');
  assert.equal(listPagePath('/', 3), '/page/3');
});

test('a pager shows the first, the last and the pages around the current one, a gap for each run left out', () => {
  const numbers = (current: number, count: number) =>
    pagerEntries(current, count).map((entry) => ('gap' in entry ? '…' : entry.page));
  assert.deepEqual(numbers(1, 1), [1]);
  assert.deepEqual(numbers(1, 5), [1, 2, '…', 5]);
  assert.deepEqual(numbers(3, 5), [1, 2, 3, 4, 5], 'a gap of one page shows that page');
  assert.deepEqual(numbers(6, 417), [1, '…', 5, 6, 7, '…', 417]);
  assert.deepEqual(numbers(417, 417), [1, '…', 416, 417]);
  assert.ok(pagerEntries(200, 100_000).length <= 7, 'bounded, however long the list');
});
