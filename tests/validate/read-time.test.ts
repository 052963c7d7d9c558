import assert from 'node:assert/strict';
import { test } from 'node:test';
import { estimateReadTime } from '../../cli/validate/read-time.ts';

test('estimates read time from words with a letter or digit, at 200 words a minute', () => {
  // Dashes, fences and list markers are not words; "it's", "café" and "v2" are.
  const chunk = "it's café v2 — ``` - * > 日本語\n";
  assert.equal(estimateReadTime(chunk.repeat(100)), '2 min read');
  assert.equal(estimateReadTime(chunk.repeat(150)), '3 min read');
  assert.equal(estimateReadTime(''), '1 min read');
  assert.equal(estimateReadTime('word '.repeat(1200)), '6 min read');
});
