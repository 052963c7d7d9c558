import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from '../helpers/content.ts';
import { hangBound } from '../helpers/hang-bound.ts';

// The launcher (cli/bin.js) runs the engine compiled into lib/ and compiles it again when a
// source changed, so an edit to cli/ is never silently ignored, and several launchers started
// at once after an edit (the tests run in parallel) all find a complete engine.

function launch(root: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'cli', 'bin.js'), ...args], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

test(
  'an edit to the engine is compiled before the next command runs, by every launcher started at once',
  { timeout: hangBound },
  async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-launcher-'));
    try {
      for (const entry of ['cli', 'package.json'])
        await cp(path.join(projectRoot, entry), path.join(root, entry), { recursive: true });
      await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
      const { version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };

      const first = await launch(root, ['--version']);
      assert.equal(first.code, 0, first.stderr);
      assert.equal(first.stdout.trim(), version);
      const compiled = await stat(path.join(root, 'lib', 'index.js'));

      const again = await launch(root, ['--version']);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(
        (await stat(path.join(root, 'lib', 'index.js'))).mtimeMs,
        compiled.mtimeMs,
        'nothing changed: nothing compiled',
      );

      const entry = path.join(root, 'cli', 'index.ts');
      await writeFile(entry, `${await readFile(entry, 'utf8')}\nconsole.error('engine edited');\n`);
      const runs = await Promise.all([1, 2, 3].map(() => launch(root, ['--version'])));
      for (const run of runs) {
        assert.equal(run.code, 0, run.stderr);
        assert.equal(run.stdout.trim(), version);
        assert.match(run.stderr, /engine edited/, 'the edit runs');
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
);
