import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { checkOutputFolder } from '../../cli/write/output-guard.ts';
import { manifestFileName } from '../../cli/check/types.ts';

let tmp: string;
let root: string;
let home: string;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-guard-'));
  home = path.join(tmp, 'home');
  root = path.join(home, 'site');
  for (const folder of ['content/posts', 'templates', 'cli', 'elsewhere/content'])
    await mkdir(path.join(root, folder), { recursive: true });
  await writeFile(path.join(root, 'notes.txt'), 'notes');
  await mkdir(path.join(root, 'stuff'));
  await writeFile(path.join(root, 'stuff', 'photo.jpg'), 'photo');
  await mkdir(path.join(root, 'old-dist'));
  await writeFile(path.join(root, 'old-dist', manifestFileName), '{}');
  await mkdir(path.join(root, 'empty'));
  await symlink(path.join(root, 'content'), path.join(root, 'content-link'));
  await symlink(path.join(root, 'stuff'), path.join(root, 'stuff-link'));
});
after(() => rm(tmp, { recursive: true, force: true }));

/** The refusal code for `--out <shown>` in the project, or undefined when the build may write there. */
async function refusal(
  shown: string,
  options: { force?: boolean; contentDir?: string } = {},
): Promise<string | undefined> {
  try {
    await checkOutputFolder({
      out: path.resolve(root, shown),
      shown,
      root,
      contentDir: options.contentDir ?? path.join(root, 'content'),
      force: options.force,
      cwd: root,
      home,
    });
    return undefined;
  } catch (error) {
    assert.ok(error instanceof SiteError, String(error));
    assert.ok(error.message.startsWith(`--out ${shown} `), error.message);
    assert.doesNotMatch(error.message, /\n/);
    return error.code;
  }
}

for (const [shown, why] of [
  ['.', 'the working directory and project folder'],
  ['..', 'the home folder, which holds the working directory'],
  ['../..', 'a folder holding the home folder'],
  ['/', 'the root folder'],
  ['content', 'the content folder'],
  ['content/posts', 'a folder inside the content folder'],
  ['content-link', 'a link to the content folder'],
  ['templates', 'a source folder'],
  ['cli/out', 'a folder inside a source folder'],
  ['node_modules', 'a source folder that does not exist yet'],
  ['.git', 'the repository'],
] as const) {
  test(`refuses --out ${shown} (${why}), even with --force`, async () => {
    assert.equal(await refusal(shown), 'output.protected-folder');
    assert.equal(await refusal(shown, { force: true }), 'output.protected-folder');
  });
}

test('refuses a folder holding a content folder given with --content', async () => {
  assert.equal(
    await refusal('elsewhere', { contentDir: path.join(root, 'elsewhere', 'content'), force: true }),
    'output.protected-folder',
  );
});

test('refuses an existing file, even with --force', async () => {
  assert.equal(await refusal('notes.txt'), 'output.not-a-folder');
  assert.equal(await refusal('notes.txt', { force: true }), 'output.not-a-folder');
});

test('refuses a folder with files and no build marker, or a link no build made, unless --force', async () => {
  assert.equal(await refusal('stuff'), 'output.not-a-build');
  assert.equal(await refusal('stuff', { force: true }), undefined);
  assert.equal(await refusal('stuff-link'), 'output.not-a-build');
  assert.equal(await refusal('stuff-link', { force: true }), undefined);
});

test('accepts a new folder, an empty one, and an earlier build output', async () => {
  assert.equal(await refusal('dist'), undefined);
  assert.equal(await refusal('build/site'), undefined);
  assert.equal(await refusal('empty'), undefined);
  assert.equal(await refusal('old-dist'), undefined);
});
