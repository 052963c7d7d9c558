import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the real `sitegen` binary from the repository root. */
function sitegen(...args: string[]) {
  const result = spawnSync(process.execPath, ['cli/bin.js', ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('exits 1 on the broken site, naming file, line and the closest route', () => {
  const { code, stdout } = sitegen('check-links', 'tests/fixtures/links-broken');
  assert.equal(code, 1);
  assert.match(
    stdout,
    /^ {2}tests\/fixtures\/links-broken\/about\/index\.html:10:8 {2}a\[href\] "\/services\/dev-shops" no such page — did you mean \/services\/devshops\?$/m,
  );
  assert.match(stdout, /^ {4}in <footer> on 2 pages$/m);
  assert.match(
    stdout,
    /tests\/fixtures\/links-broken\/index\.html:11:\d+ {2}a\[href\] "\/about\/#tean" no element with id "tean" — did you mean #team\?/,
  );
  assert.match(stdout, /_redirects:2:13 {2}_redirects "\/old-b" redirect loop: \/old-a → \/old-b → \/old-a/);
  assert.match(stdout, /\n10 broken links in 4 files, \d+ checked in \d+ ms\n$/);
});

test('exits 0 on the clean site with warnings for links to redirects', () => {
  const { code, stdout } = sitegen('check-links', 'tests/fixtures/links-clean');
  assert.equal(code, 0);
  assert.match(
    stdout,
    /warning {2}a\[href\] "\/contact" redirects to \/getting-started\/#contact-form — link there directly/,
  );
  assert.match(
    stdout,
    /warning {2}a\[href\] "\/about" the host redirects it to \/about\/: the page is a folder's index\.html, served at its address with a trailing slash — link there directly/,
  );
  assert.match(stdout, /\n0 broken links in 0 files, \d+ checked in \d+ ms \(4 warnings\)\n$/);
});

test('names the dataset field behind a layout link broken on several pages', () => {
  const { code, stdout } = sitegen('check-links', 'tests/fixtures/links-manifest');
  assert.equal(code, 1);
  assert.match(stdout, /^content\/data\/navigation\.json$/m);
  assert.match(
    stdout,
    /^ {4}from content\/data\/navigation\.json: footer\.columns\[0\]\.links\[3\]\.href \(layout, 3 pages\)$/m,
  );
  assert.match(stdout, /^ {4}from content\/posts\/hello\.md:12:12 \(markdown\)$/m);
});

test('prints machine-readable JSON with --format json', () => {
  const { code, stdout } = sitegen('check-links', 'tests/fixtures/links-broken', '--format', 'json');
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.equal(report.schemaVersion, 1);
  assert.equal(report.summary.broken, 10);
  assert.ok(
    report.findings.some(
      (f: { href: string; suggestion?: string }) =>
        f.href === '/services/dev-shops' && f.suggestion === '/services/devshops',
    ),
  );
});

test('prints GitHub annotations with --format github', () => {
  const { code, stdout } = sitegen('check-links', 'tests/fixtures/links-broken', '--format', 'github');
  assert.equal(code, 1);
  assert.match(
    stdout,
    /^::error file=tests\/fixtures\/links-broken\/about\/index\.html,line=10,col=8,title=Broken link::a\[href\] "\/services\/dev-shops"/m,
  );
});

test('skips hrefs matching --ignore', () => {
  const { code, stdout } = sitegen(
    'check-links',
    'tests/fixtures/links-broken',
    '--ignore',
    '/services/',
    '--ignore',
    '/images/',
  );
  assert.equal(code, 1);
  assert.doesNotMatch(stdout, /dev-shops|missing\.png|logo@2x/);
});

test('exits 2 with a one-line message for a missing folder', () => {
  const { code, stdout, stderr } = sitegen('check-links', 'tests/fixtures/no-such-site');
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.equal(stderr.trim().split('\n').length, 1);
  assert.match(stderr, /^error: site folder "tests\/fixtures\/no-such-site" not found/);
});

test('exits 2 on a bad --format', () => {
  const { code, stderr } = sitegen('check-links', 'tests/fixtures/links-clean', '--format', 'xml');
  assert.equal(code, 2);
  assert.match(stderr.split('\n')[0], /^error: option '--format <format>' argument 'xml' is invalid/);
});

test('--site-url makes absolute links to that origin internal, so a missing page there is broken', async () => {
  const site = mkdtempSync(path.join(os.tmpdir(), 'sitegen-site-url-'));
  try {
    writeFileSync(
      path.join(site, 'index.html'),
      '<!DOCTYPE html><title>Home</title><a href="https://own.example/missing/">gone</a>',
    );
    const outside = sitegen('check-links', site);
    assert.equal(outside.code, 0, 'without it the link is external, and not fetched');
    const own = sitegen('check-links', site, '--site-url', 'https://own.example');
    assert.equal(own.code, 1, own.stdout);
    assert.match(own.stdout, /a\[href\] "https:\/\/own\.example\/missing\/" no such page/);
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});
