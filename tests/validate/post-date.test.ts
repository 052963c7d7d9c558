import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPostDate, parsePostDate, writtenPostDate } from '../../cli/validate/post-date.ts';

test('parses and formats post dates the way the site shows them', () => {
  assert.equal(formatPostDate(parsePostDate('2024-03-05')!), 'Mar 5, 2024');
  assert.equal(parsePostDate('2024-13-01'), undefined);
  assert.equal(parsePostDate('March 5'), undefined);
});

test('rejects an impossible date as written, which YAML would roll over', () => {
  assert.equal(parsePostDate(writtenPostDate('title: A\ndate: 2024-02-31\n')!), undefined);
  assert.equal(writtenPostDate('date: "2024-03-15" # published'), '2024-03-15');
});
