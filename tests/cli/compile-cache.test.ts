import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
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

/** The compiled modules `file` imports statically (`import … from "./x.js"`, `import "./x.js"`), transitively, itself included. */
async function staticClosure(folder: string, file: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = await readFile(path.join(folder, file), 'utf8');
  for (const match of source.matchAll(/^(?:import|\} from|export \{[^}]*\} from)[^"'\n]*["']\.\/([^"']+\.js)["']/gm)) await staticClosure(folder, match[1]!, seen);
  return seen;
}

test('the CLI starts without the site schemas and the content loader: a command loads them when it needs them', async () => {
  const { root, cleanup } = await copyProject({ ownCache: true });
  try {
    const { stdout } = await run(process.execPath, [path.join(root, 'cli', 'bin.js'), '--help']);
    assert.match(stdout, /Usage: sitegen/);
    const cache = path.join(root, 'node_modules', '.cache', 'sitegen');
    const [compiled] = (await readdir(cache)).filter((name) => /^[0-9a-f]{16}$/.test(name));
    const folder = path.join(cache, compiled!);
    // esbuild heads each module it compiles in with a comment naming its source file.
    const sourcesOf = async (files: Iterable<string>) => {
      const names: string[] = [];
      for (const file of files) for (const match of (await readFile(path.join(folder, file), 'utf8')).matchAll(/^\/\/ (\S+)$/gm)) names.push(match[1]!);
      return names;
    };
    const atStart = await sourcesOf(await staticClosure(folder, 'cli.js'));
    assert.ok(atStart.includes('cli/commands/build.ts'), `the entry's modules are named: ${atStart.slice(0, 5).join(', ')}…`);
    for (const heavy of ['node_modules/zod/', 'node_modules/@11ty/gray-matter/', 'node_modules/js-yaml/', 'cli/site-model/schemas.ts', 'cli/load/load-content.ts']) {
      assert.deepEqual(atStart.filter((name) => name.includes(heavy)), [], `${heavy} is not loaded with the CLI`);
    }
    // They are still compiled in, for the build and new-post to load.
    const everything = await sourcesOf((await readdir(folder)).filter((name) => name.endsWith('.js') && name !== 'markdown-worker.js'));
    assert.ok(everything.some((name) => name.includes('node_modules/zod/')), 'zod is compiled in');
    assert.ok(everything.includes('cli/load/load-content.ts'), 'the content loader is compiled in');
  } finally {
    await cleanup();
  }
});
