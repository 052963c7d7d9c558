import assert from 'node:assert/strict';
import { test } from 'node:test';
import { balancedColumns } from '../../templates/components/grid-columns.ts';

test('lays up to the maximum cards in one row', () => {
  assert.deepEqual(
    [1, 2, 3].map((count) => balancedColumns(count)),
    [1, 2, 3],
  );
  assert.equal(balancedColumns(4, 4), 4);
});

test('fills rows exactly where it can, else leaves a last row at least half full', () => {
  assert.equal(balancedColumns(4), 2, '4 cards: 2 + 2, not 3 + 1');
  assert.equal(balancedColumns(5), 3, '5 cards: 3 + 2');
  assert.equal(balancedColumns(6), 3);
  assert.equal(balancedColumns(6, 4), 3, '6 cards: 3 + 3, not 4 + 2');
  assert.equal(balancedColumns(5, 4), 3, '5 cards: 3 + 2, not 4 + 1');
  assert.equal(balancedColumns(7), 3, '7 cards at most 3 a row: 3 + 3 + 1 rather than 2 a row');
  assert.equal(balancedColumns(7, 4), 4, '7 cards: 4 + 3');
  assert.equal(balancedColumns(8, 4), 4);
  assert.equal(balancedColumns(9, 4), 3, '9 cards: 3 full rows');
  assert.equal(balancedColumns(10, 4), 4, '10 cards: 4 + 4 + 2 rather than 2 a row');
});

test('never answers fewer than one column', () => {
  assert.equal(balancedColumns(0), 1);
});
