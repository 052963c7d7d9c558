import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runCliHere } from '../helpers/cli.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

// A project folder that was copied, restored from a CI cache or unpacked from an archive after
// a build holds that build's dist/ (and its cache); it must build again, and its new posts must
// appear. The project is a copy of the tiny site; its copies sit beside it.

const copies: [string, (from: string, to: string) => void][] = [
  ["Node's fs.cpSync", (from, to) => cpSync(from, to, { recursive: true })],
  ['cp -r', (from, to) => assert.equal(spawnSync('cp', ['-r', from, to]).status, 0)],
];

const newPost = '---\ntitle: Copied projects build\ndate: 2024-05-01\n---\n\nA post written in the copy.\n';

test('a built project copied with fs.cpSync or cp -r takes a new post and builds', async () => {
  const { root, cleanup } = await copyTinySite();
  try {
    const first = await runCliHere(['build', '--no-check-links'], { cwd: root });
    assert.equal(first.code, 0, first.stderr);
    const original = readFileSync(path.join(root, 'dist', 'index.html'));
    for (const [how, copy] of copies) {
      const to = path.join(path.dirname(root), how.replace(/\W+/g, '-'));
      copy(root, to);
      assert.ok(lstatSync(path.join(to, 'dist')).isDirectory(), `${how}: the copy holds the built output`);
      await writeFile(path.join(to, 'content', 'posts', 'copied-projects-build.md'), newPost);
      const build = await runCliHere(['build'], { cwd: to });
      assert.equal(build.code, 0, `${how}: build: ${build.stderr}`);
      assert.match(build.stdout, /^Built 6 pages/, `${how}: an ordinary build`);
      assert.ok(
        lstatSync(path.join(to, 'dist')).isDirectory() && !lstatSync(path.join(to, 'dist')).isSymbolicLink(),
        `${how}: dist is a folder`,
      );
      assert.match(
        readFileSync(path.join(to, 'dist', 'posts', 'copied-projects-build', 'index.html'), 'utf8'),
        /<h1>Copied projects build<\/h1>/,
        `${how}: the new post is built`,
      );
      assert.match(
        readFileSync(path.join(to, 'dist', 'index.html'), 'utf8'),
        /href="\/posts\/copied-projects-build\/"/,
        `${how}: and listed`,
      );
      assert.deepEqual(
        readFileSync(path.join(root, 'dist', 'index.html')),
        original,
        `${how}: the original's output is untouched`,
      );
      assert.ok(!existsSync(path.join(root, 'dist', 'posts', 'copied-projects-build')), `${how}: and has no new post`);
    }
  } finally {
    await cleanup();
  }
});
