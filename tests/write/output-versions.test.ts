import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { isAlive, removeStaleVersions, versionOwner } from '../../cli/write/output-versions.ts';

let tmp: string;
let out: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-versions-'));
  out = path.join(tmp, 'dist');
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

/** The id of a process that has ended. */
function deadPid(): number {
  const pid = spawnSync(process.execPath, ['-e', '0']).pid!;
  assert.equal(isAlive(pid), false);
  return pid;
}

/** A version folder as a build of process `pid` names it, with a page in it. */
async function versionFolder(pid: number, hex = 'abcdef012345'): Promise<string> {
  const name = `.dist-build-${pid}-${hex}`;
  await mkdir(path.join(tmp, name));
  await writeFile(path.join(tmp, name, 'index.html'), 'page');
  return name;
}

test('reads the process id of a version folder name, and only of its own output', () => {
  assert.equal(versionOwner('dist', '.dist-build-123-abcdef012345'), 123);
  assert.equal(versionOwner('dist', '.dist-build-123-abcdef012345.tmp'), undefined);
  assert.equal(versionOwner('dist', '.dist-2-build-123-abcdef012345'), undefined);
  assert.equal(versionOwner('dist-2', '.dist-2-build-123-abcdef012345'), 123);
  assert.equal(versionOwner('dist', 'dist-build-123-abcdef012345'), undefined);
});

test('removes the folders and links of builds whose process is gone, keeping the live version, a running build and other files', async () => {
  const dead = deadPid();
  const live = await versionFolder(dead, '000000000000');
  await symlink(live, out);
  const killed = await versionFolder(dead, '111111111111');
  await symlink(killed, path.join(tmp, `.dist-build-${dead}-222222222222`));
  const running = await versionFolder(process.pid, '333333333333');
  await mkdir(path.join(tmp, '.dist-notes'));
  await writeFile(path.join(tmp, `.dist-build-${dead}-444444444444`), 'a file of the user, named like a version');
  await removeStaleVersions(out);
  assert.deepEqual((await readdir(tmp)).sort(), [live, running, `.dist-build-${dead}-444444444444`, '.dist-notes', 'dist'].sort());
});

test('removes a folder hours old even when its process id runs again, and old folders of the earlier staging scheme', async () => {
  const reused = await versionFolder(process.pid);
  const hoursAgo = new Date(Date.now() - 7 * 3600_000);
  await utimes(path.join(tmp, reused), hoursAgo, hoursAgo);
  for (const name of ['.dist-Ab12Cd', '.dist-Ab12Cd-old', '.dist-Xy34Zw']) await mkdir(path.join(tmp, name));
  for (const name of ['.dist-Ab12Cd', '.dist-Ab12Cd-old']) await utimes(path.join(tmp, name), hoursAgo, hoursAgo);
  await removeStaleVersions(out);
  assert.deepEqual(await readdir(tmp), ['.dist-Xy34Zw'], 'a recent folder of the old scheme may be a running older build');
});
