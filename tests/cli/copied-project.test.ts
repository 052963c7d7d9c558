import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { copyProject } from '../helpers/project-copy.ts';

// A project folder that was copied, restored from a CI cache or unpacked from an archive after
// a build holds that build's dist/; it must build again, and its new posts must appear.

const copies: [string, (from: string, to: string) => void][] = [
  ["Node's fs.cpSync", (from, to) => cpSync(from, to, { recursive: true })],
  ['cp -r', (from, to) => assert.equal(spawnSync('cp', ['-r', from, to]).status, 0)],
];

test('a built project copied with fs.cpSync or cp -r takes a new post and builds', async () => {
  const { root, cleanup } = await copyProject();
  const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'sitegen-copies-'));
  try {
    const first = await runCli(['build', '--no-check-links'], { project: root });
    assert.equal(first.code, 0, first.stderr);
    const original = readFileSync(path.join(root, 'dist', 'index.html'));
    for (const [how, copy] of copies) {
      const to = path.join(elsewhere, how.replace(/\W+/g, '-'));
      copy(root, to);
      const post = await runCli(['new-post', 'Copied projects build', '--slug', 'copied-projects-build'], { project: to });
      assert.equal(post.code, 0, `${how}: new-post: ${post.stderr}`);
      const build = await runCli(['build'], { project: to });
      assert.equal(build.code, 0, `${how}: build: ${build.stderr}`);
      assert.ok(lstatSync(path.join(to, 'dist')).isDirectory() && !lstatSync(path.join(to, 'dist')).isSymbolicLink(), `${how}: dist is a folder`);
      assert.ok(existsSync(path.join(to, 'dist', 'blog', 'copied-projects-build', 'index.html')), `${how}: the new post is built`);
      assert.deepEqual(readFileSync(path.join(root, 'dist', 'index.html')), original, `${how}: the original's output is untouched`);
      assert.ok(!existsSync(path.join(root, 'dist', 'blog', 'copied-projects-build')), `${how}: and has no new post`);
    }
  } finally {
    await rm(elsewhere, { recursive: true, force: true });
    await cleanup();
  }
});
