import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { copyProject } from '../helpers/project-copy.ts';

const run = promisify(execFile);

test('a new compile of the CLI removes day-old compiled folders beyond the five newest', async () => {
  const { root, cleanup } = await copyProject({ ownCache: true });
  try {
    const cache = path.join(root, 'node_modules', '.cache', 'sitegen');
    const day = 86_400_000;
    const folders = Array.from({ length: 7 }, (_, i) => ({ name: `${i}`.repeat(16), age: i === 0 ? 0 : day * 2 + i * 60_000 }));
    for (const { name, age } of [...folders, { name: 'dev', age: day * 3 }]) {
      await mkdir(path.join(cache, name), { recursive: true });
      const time = new Date(Date.now() - age);
      await utimes(path.join(cache, name), time, time);
    }

    const { stdout } = await run(process.execPath, [path.join(root, 'cli', 'bin.js'), '--help']);
    assert.match(stdout, /Usage: sitegen/);

    const left = (await readdir(cache)).sort();
    const compiled = left.filter((name) => /^[0-9a-f]{16}$/.test(name) && !folders.some((folder) => folder.name === name));
    assert.equal(compiled.length, 1, `one new compile in ${left.join(', ')}`);
    // Kept: the new one, the recent one and the three newest of the old ones; other folders untouched.
    assert.deepEqual(left.filter((name) => !compiled.includes(name)), ['0000000000000000', '1111111111111111', '2222222222222222', '3333333333333333', 'dev']);
  } finally {
    await cleanup();
  }
});

test('a lockfile of any package manager is part of the compile key, and the launcher sets no V8 flag the running Node lacks', async () => {
  const { root, cleanup } = await copyProject({ ownCache: true });
  try {
    const cache = path.join(root, 'node_modules', '.cache', 'sitegen');
    const compiled = async () => (await readdir(cache)).filter((name) => /^[0-9a-f]{16}$/.test(name)).sort();
    const help = async () => {
      const { stdout, stderr } = await run(process.execPath, [path.join(root, 'cli', 'bin.js'), '--help']);
      assert.match(stdout, /Usage: sitegen/);
      assert.equal(stderr, '', 'nothing on stderr (an unknown V8 flag is reported there)');
    };
    await help();
    const first = await compiled();
    assert.equal(first.length, 1);
    await help();
    assert.deepEqual(await compiled(), first, 'unchanged packages reuse the compile');
    // pnpm, say, upgraded a package: only its lockfile tells.
    await writeFile(path.join(root, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
    await help();
    const second = await compiled();
    assert.equal(second.length, 2, `a new compile after pnpm-lock.yaml appeared: ${second.join(', ')}`);
    await writeFile(path.join(root, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n# shiki upgraded\n");
    await help();
    assert.equal((await compiled()).length, 3, 'and another after it changed');
  } finally {
    await cleanup();
  }
});
