import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { lockFileOf, lockOutput } from '../../cli/write/output-lock.ts';

let tmp: string;
let out: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-lock-'));
  out = path.join(tmp, 'site', 'dist');
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

const hasCode = (code: string) => (error: unknown) => error instanceof SiteError && error.code === code;

test('takes the lock beside the output, creating its parent, and releases it', async () => {
  const release = await lockOutput(out);
  assert.equal(await readFile(lockFileOf(out), 'utf8'), `${process.pid}\n`);
  assert.equal(path.dirname(lockFileOf(out)), path.dirname(out));
  await release();
  assert.equal(existsSync(lockFileOf(out)), false);
});

test('refuses the lock while another running build holds it, naming that process', async () => {
  await lockOutput(out);
  await writeFile(lockFileOf(out), `${process.ppid}\n`); // the test runner: alive, and not this process
  await assert.rejects(lockOutput(out), (error: unknown) => {
    assert.ok(hasCode('output.locked')(error));
    assert.match(
      (error as SiteError).message,
      new RegExp(`process ${process.ppid}\\b.*${path.basename(lockFileOf(out)).replace('.', '\\.')}`),
    );
    return true;
  });
  assert.equal(await readFile(lockFileOf(out), 'utf8'), `${process.ppid}\n`, 'the holder keeps its lock');
});

test('takes over the lock of a build whose process is gone', async () => {
  await lockOutput(out);
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  await writeFile(lockFileOf(out), `${dead}\n`);
  const release = await lockOutput(out);
  assert.equal(await readFile(lockFileOf(out), 'utf8'), `${process.pid}\n`);
  await release();
});

test('an output that cannot be written is one output.unwritable error', async () => {
  await assert.rejects(lockOutput('/proc/sitegen-no-such-output'), hasCode('output.unwritable'));
  await writeFile(path.join(tmp, 'notes.txt'), 'notes');
  await assert.rejects(lockOutput(path.join(tmp, 'notes.txt', 'dist')), hasCode('output.unwritable'));
});
