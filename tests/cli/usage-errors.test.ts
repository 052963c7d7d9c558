// A usage error (a command line that names a folder that is not there, or a value that is not
// one the option takes) is one line on standard error and exit code 2, before anything is read
// or written; a problem in the site is exit code 1. The commands run in this process but for
// `dev`, which would go on serving if it did not stop.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, runCliHere, type CliRun } from '../helpers/cli.ts';
import { copyTinySite, type SiteCopy } from '../helpers/tiny-copy.ts';

let site: SiteCopy;
let empty: string;

before(async () => {
  site = await copyTinySite();
  empty = await mkdtemp(path.join(os.tmpdir(), 'sitegen-usage-'));
});
after(async () => {
  await site.cleanup();
  await rm(empty, { recursive: true, force: true });
});

/** Exit code 2, and one line on standard error naming `code` (commander's own messages have none). */
function assertUsageError(run: CliRun, code?: string): void {
  assert.equal(run.code, 2, run.stderr);
  const lines = run.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, `one line: ${JSON.stringify(run.stderr)}`);
  assert.match(lines[0]!, /^error: /);
  if (code) assert.ok(lines[0]!.endsWith(`[${code}]`), lines[0]);
  assert.equal(run.stdout, '');
}

test('build --content naming no folder is a usage error, not one error per file the site expects, and writes nothing', async () => {
  const run = await runCliHere(['build', '--content', 'no-such-content'], { cwd: site.root });
  assertUsageError(run, 'content.no-folder');
  assert.match(run.stderr, /"no-such-content"/);
  assert.ok(!(await readdir(site.root)).includes('dist'), 'no output folder');
});

test('dev --content naming no folder is the same usage error, before the server starts', async () => {
  // The real binary, ended if it serves instead of stopping.
  assertUsageError(
    await runCli(['dev', '--content', 'no-such-content', '--port', '0'], { cwd: site.root, timeoutMs: 20_000 }),
    'content.no-folder',
  );
});

test('import of a folder that does not exist is a usage error', async () => {
  const run = await runCliHere(['import', 'no-such-blog'], { cwd: site.root });
  assertUsageError(run, 'import.no-source');
  assert.ok(!(await readdir(site.root)).includes('import-report.md'), 'no report');
});

test('--site-url that is not an absolute http(s) origin is a usage error, said once', async () => {
  for (const value of ['notaurl', 'ftp://tiny.example', 'https://tiny.example/blog']) {
    const run = await runCliHere(['build', '--site-url', value], { cwd: empty });
    assertUsageError(run);
    assert.match(
      run.stderr,
      new RegExp(`'--site-url <url>' argument '${value.replace(/[/.]/g, '\\$&')}' is invalid\\. expected`),
    );
    assert.doesNotMatch(run.stderr, /\ban \w+ an\b/, 'no doubled article');
  }
  assert.deepEqual(await readdir(empty), [], 'nothing written');
});
