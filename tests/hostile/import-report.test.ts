// `sitegen import` writes its report only as a regular file it creates itself, or over an earlier
// report: never through a symbolic link (dangling or not), never into a FIFO (which would hold the
// import until something reads it), never over a folder or a file it did not write. Each is a
// located error (`import.report-unwritable`, `import.report-exists`) before anything is imported.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { checkReportFile, reportHeading, writeReport } from '../../cli/import/import-report.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { runCli } from '../helpers/cli.ts';
import { hangBound } from '../helpers/hang-bound.ts';
import { tinyRoot } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
});
after(() => cleanup());

const refusal = (code: string, file: string) => (error: unknown) =>
  error instanceof SiteError && error.code === code && error.file === file;

test(
  'a dangling symlink at the report path is refused at that path, nothing is imported, and nothing is created where it leads',
  { timeout: hangBound },
  async () => {
    const source = await mkdtemp(path.join(dir, 'source-'));
    await writeFile(path.join(source, 'linked.md'), '---\ntitle: Linked\ndate: 2023-01-01\n---\n\nBody.\n');
    const report = path.join(dir, 'import-report.md');
    const target = path.join(dir, 'planted-by-the-report');
    await symlink(target, report);
    const run = await runCli(['import', source, '--content', content, '--report', report], { cwd: tinyRoot });
    assert.equal(run.code, 1, run.stdout);
    assert.match(
      run.stderr,
      new RegExp(`${report.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} .*\\[import\\.report-unwritable\\]`),
    );
    assert.equal(existsSync(target), false, 'nothing written through the link');
    assert.equal(await readlink(report), target, 'the link is left as it was');
    assert.deepEqual(
      (await readdir(path.join(content, 'posts'))).filter((name) => name.startsWith('linked')),
      [],
      'nothing imported',
    );
  },
);

test(
  'a FIFO, a folder and a link to a file are refused at once, and none is written through',
  { timeout: hangBound },
  async () => {
    const fifo = path.join(dir, 'fifo-report.md');
    execFileSync('mkfifo', [fifo]);
    // Should the FIFO be opened (which blocks this thread until its other end is), this process
    // opens the other end after half the time bound, in turn for writing and for reading, so that
    // the test fails instead of hanging.
    const unblock = spawn(
      'sh',
      ['-c', `sleep ${hangBound / 2000}; while :; do : > "$0"; cat "$0" > /dev/null; done`, fifo],
      { stdio: 'ignore', detached: true },
    );
    after(() => process.kill(-unblock.pid!));
    assert.throws(() => checkReportFile(fifo), refusal('import.report-unwritable', fifo));
    const folder = path.join(dir, 'folder-report.md');
    await mkdir(folder);
    assert.throws(() => checkReportFile(folder), refusal('import.report-unwritable', folder));
    const earlier = path.join(dir, 'earlier.md');
    await writeFile(earlier, `${reportHeading}\n\nFrom an earlier import.\n`);
    const link = path.join(dir, 'link-report.md');
    await symlink(earlier, link);
    assert.throws(() => checkReportFile(link), refusal('import.report-unwritable', link));
    assert.throws(() => writeReport(fifo, `${reportHeading}\n`, 'absent'), refusal('import.report-unwritable', fifo));
    assert.throws(() => writeReport(link, `${reportHeading}\n`, 'absent'), refusal('import.report-unwritable', link));
    assert.equal(
      await readFile(earlier, 'utf8'),
      `${reportHeading}\n\nFrom an earlier import.\n`,
      'the linked report is untouched',
    );
  },
);

test('a new report is created; an earlier one is replaced by a new file, even one swapped for a link since the check', async () => {
  const fresh = path.join(dir, 'fresh-report.md');
  assert.equal(checkReportFile(fresh), 'absent');
  writeReport(fresh, `${reportHeading}\n\nfirst\n`, 'absent');
  assert.equal(checkReportFile(fresh), 'earlier-report');
  const elsewhere = path.join(dir, 'elsewhere.md');
  await writeFile(elsewhere, 'not a report\n');
  // Swapped for a link after the check: the rename replaces the link, not what it leads to.
  await rm(fresh);
  await symlink(elsewhere, fresh);
  writeReport(fresh, `${reportHeading}\n\nsecond\n`, 'earlier-report');
  assert.ok((await lstat(fresh)).isFile(), 'a regular file of its own');
  assert.equal(await readFile(fresh, 'utf8'), `${reportHeading}\n\nsecond\n`);
  assert.equal(await readFile(elsewhere, 'utf8'), 'not a report\n');
  assert.deepEqual(
    (await readdir(dir)).filter((name) => name.endsWith('.tmp')),
    [],
    'no temporary file left',
  );
});
