// The launcher (cli/bin.js) runs the JavaScript in lib/. Code appended to lib/index.js or to one
// of its chunks, with cli/ untouched, must not run: the launcher hashes lib/'s JavaScript, finds
// it is not what the last compile wrote (lib/engine-id), and compiles the engine again first.
import assert from 'node:assert/strict';
import { appendFile, cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { projectRoot } from '../helpers/content.ts';

let root: string;
let version: string;

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-launcher-hostile-'));
  // Timestamps kept: the copied lib/ matches its copied sources, so no compile is needed to start.
  for (const entry of ['cli', 'lib', 'package.json'])
    await cp(path.join(projectRoot, entry), path.join(root, entry), { recursive: true, preserveTimestamps: true });
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  ({ version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string });
  const first = await runCli(['--version'], { project: root });
  assert.equal(first.code, 0, first.stderr);
});
after(() => rm(root, { recursive: true, force: true }));

for (const target of ['the entry point', 'a chunk'] as const) {
  test(`code appended to ${target} in lib/ does not run: the engine is compiled again first`, async () => {
    const lib = path.join(root, 'lib');
    const file =
      target === 'the entry point' ? 'index.js' : (await readdir(lib)).find((name) => /^chunk-.*\.js$/.test(name))!;
    assert.ok(file, 'the compiled engine has chunks');
    await appendFile(path.join(lib, file), "\nconsole.error('planted in lib');\n");
    const run = await runCli(['--version'], { project: root });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout.trim(), version);
    assert.doesNotMatch(run.stderr, /planted in lib/);
    for (const name of await readdir(lib)) {
      if (name.endsWith('.js'))
        assert.doesNotMatch(await readFile(path.join(lib, name), 'utf8'), /planted in lib/, name);
    }
  });
}
