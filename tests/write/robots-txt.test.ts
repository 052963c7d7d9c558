import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderRobots } from '../../cli/write/robots-txt.ts';

test('allows every crawler everywhere and names the sitemap at the site URL', () => {
  const lines = renderRobots('https://www.example.test').split('\n');
  assert.deepEqual(lines, ['User-agent: *', 'Allow: /', '', 'Sitemap: https://www.example.test/sitemap.xml', '']);
});

test('has no Disallow rule', () => {
  assert.doesNotMatch(renderRobots('https://www.example.test'), /Disallow/i);
});
