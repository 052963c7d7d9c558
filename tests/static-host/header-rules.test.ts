import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headersFor, headersFileLimit, parseHeadersFile } from '../../cli/static-host/header-rules.ts';
import { hangBound } from '../helpers/hang-bound.ts';

test('applies every matching rule and joins a header set twice with ", " (Netlify and Cloudflare)', () => {
  const rules = parseHeadersFile(
    '/*\n  X-A: one\n  Cache-Control: public\n/blog/*\n  Cache-Control: max-age=60\n# comment\n/blog/:slug/\n  X-B: two\n',
  );
  assert.deepEqual(headersFor(rules, '/blog/a/'), {
    'X-A': 'one',
    'Cache-Control': 'public, max-age=60',
    'X-B': 'two',
  });
  assert.deepEqual(headersFor(rules, '/about/'), { 'X-A': 'one', 'Cache-Control': 'public' });
  assert.deepEqual(
    headersFor(rules, '/blog/a/b/'),
    { 'X-A': 'one', 'Cache-Control': 'public, max-age=60' },
    'a placeholder is one segment',
  );
});

test('leaves out what a host cannot read: headers before a path, bad names and values, detach lines, two splats', () => {
  const rules = parseHeadersFile(
    '  X-Orphan: 1\n/*\n  Bad Name: x\n  X-Bell: a\u0007b\n  ! X-Detached\n  X-Ok: yes\n/*/x/*\n  X-Two: splats\n',
  );
  assert.deepEqual(headersFor(rules, '/a/x/b'), { 'X-Ok': 'yes' });
});

test('reads at most the size limit and matches a hostile path in linear time', () => {
  const huge = '/*\n  X-A: 1\n' + `/${'a'.repeat(headersFileLimit)}\n  X-B: 2\n`;
  assert.deepEqual(headersFor(parseHeadersFile(huge), '/x'), { 'X-A': '1' });
  const rules = parseHeadersFile(`/${'a/'.repeat(500)}*\n  X-C: 3\n`);
  const started = performance.now();
  assert.deepEqual(headersFor(rules, `/${'a/'.repeat(100_000)}b`), { 'X-C': '3' });
  assert.ok(performance.now() - started < hangBound);
});

test('leaves out the headers only a host sets, whatever their case, and values with any control character', () => {
  const hostOnly = [
    'Transfer-Encoding: chunked',
    'content-length: 1',
    'LOCATION: /elsewhere',
    'Connection: close',
    'Keep-Alive: timeout=5',
    'Upgrade: h2c',
    'TE: trailers',
    'Trailer: X-A',
    'Proxy-Authenticate: Basic',
    'Set-Cookie: a=1',
    'Content-Encoding: gzip',
    'Host: example.com',
    'Date: today',
    'Server: x',
  ];
  const controls = ['X-CR: a\rb', 'X-Nul: a\0b', 'X-Esc: a\x1bb', 'X-Del: a\x7fb', 'X-Nel: a\u0085b'];
  const rules = parseHeadersFile(
    [
      '/*',
      ...hostOnly,
      ...controls,
      'Cache-Control: no-cache',
      'Content-Type: text/plain; charset=utf-8',
      'X-Latin: café',
    ]
      .map((line, i) => (i ? `  ${line}` : line))
      .join('\n'),
  );
  assert.deepEqual(headersFor(rules, '/a'), {
    'Cache-Control': 'no-cache',
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Latin': 'café',
  });
});
