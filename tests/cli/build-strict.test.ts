// `build --strict`: a content warning of a page the build publishes is an error at its place, the
// previous output stays; without the flag the same build publishes and prints the warning.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { runCliHere } from '../helpers/cli.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

test('--strict refuses an output whose page has a content warning, at its line, and keeps the previous output', async () => {
  const site = await copyTinySite();
  try {
    const build = (...flags: string[]) => runCliHere(['build', ...flags], { cwd: site.root });
    assert.equal((await build('--strict')).code, 0, 'a clean site builds under --strict');
    const index = path.join(site.root, 'dist', 'index.html');
    const before = await readFile(index);
    const post = path.join(site.content, 'posts', 'warned.md');
    await writeFile(post, '---\ntitle: Warned\ndate: 2024-03-01\n---\n\nIntro.\n\n<script>alert(1)</script>\n');

    const strict = await build('--strict');
    assert.equal(strict.code, 1, strict.stderr);
    assert.match(strict.stderr, /posts\/warned\.md:8:1 .*\[markdown\.html-removed\]/);
    assert.deepEqual(await readFile(index), before, 'the previous output stays');
    assert.equal((await build('--strict')).code, 1, 'a second strict build, with the caches, refuses it again');

    const plain = await build();
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stderr, /\[markdown\.html-removed\]/, 'without --strict it is a warning');
    assert.equal((await build('--strict')).code, 1, 'the plain build\'s up-to-date record does not answer a strict build');
  } finally {
    await site.cleanup();
  }
});
