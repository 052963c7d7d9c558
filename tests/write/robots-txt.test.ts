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

test('a site URL cannot add lines of its own: whitespace and controls are %-encoded', () => {
  const lines = renderRobots('https://www.example.test\nDisallow: /\r\nUser-agent:\u2028x').split('\n');
  assert.deepEqual(lines, [
    'User-agent: *',
    'Allow: /',
    '',
    'Sitemap: https://www.example.test%0ADisallow:%20/%0D%0AUser-agent:%E2%80%A8x/sitemap.xml',
    '',
  ]);
});
