import assert from 'node:assert/strict';
import { appendFile, copyFile, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli } from '../helpers/cli.ts';
import { editFile } from '../helpers/content.ts';
import { copyProject } from '../helpers/project-copy.ts';

// The real `sitegen build` in a copy of the project: a build whose inputs and output are as the
// last build left them leaves the output alone; any change to either makes an ordinary build.

let root: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ root, cleanup } = await copyProject({ ownCache: true }));
});
after(() => cleanup());

const out = () => path.join(root, 'dist');

async function build(args: string[] = [], env: Record<string, string> = {}): Promise<{ stdout: string; stderr: string; upToDate: boolean }> {
  const { code, stdout, stderr } = await runCli(['build', ...args], { project: root, env });
  assert.equal(code, 0, `build failed:\n${stdout}\n${stderr}`);
  const upToDate = /^Nothing changed since the build of /.test(stdout);
  assert.ok(upToDate || /^Built \d+ pages/.test(stdout), stdout);
  return { stdout, stderr, upToDate };
}

/** The output folder's identity: each build that writes puts a new folder in its place. */
const outputVersion = async () => String((await stat(out(), { bigint: true })).ino);

async function assertUpToDate(what: string): Promise<void> {
  const version = await outputVersion();
  const result = await build();
  assert.equal(result.upToDate, true, `${what}: ${result.stdout}`);
  assert.match(result.stdout, /dist\/ is up to date \(\d+ pages and \d+ redirects, \d+ files\); rendered 0 of \d+ pages and wrote no file/);
  assert.equal(await outputVersion(), version, `${what}: the output is the same folder`);
}

async function assertRebuilt(what: string, args: string[] = [], env: Record<string, string> = {}): Promise<void> {
  const version = await outputVersion();
  const result = await build(args, env);
  assert.equal(result.upToDate, false, `${what} makes an ordinary build`);
  assert.notEqual(await outputVersion(), version, `${what}: a new output folder`);
}

test('an unchanged build leaves the output alone; each change to an input or to the output makes an ordinary build', { timeout: 20 * 60_000 }, async () => {
  await build();
  const first = await build();
  assert.equal(first.upToDate, true, first.stdout);
  // The warnings of the build that wrote the output are printed again.
  assert.match(first.stderr, /Not ready for production/);
  assert.match(first.stdout, /links: .*\(as checked then\)/);
  await assertUpToDate('nothing changed, again');

  await appendFile(path.join(root, 'content', 'posts', 'ai-powered-bug-reports.md'), '\nA sentence added.\n');
  await assertRebuilt('a post edited');
  assert.match(await readFile(path.join(out(), 'blog', 'ai-powered-bug-reports', 'index.html'), 'utf8'), /A sentence added\./);
  await assertUpToDate('after that build');

  await editFile(path.join(root, 'content', 'data', 'blog.json'), /"intro": "[^"]*"/, '"intro": "Notes from the field, edited."');
  await assertRebuilt('a dataset edited');
  await assertUpToDate('after that build');

  await copyFile(path.join(root, 'content', 'images', 'hero.svg'), path.join(root, 'content', 'images', 'hero-copy.svg'));
  await assertRebuilt('a file added under content/');

  await assertRebuilt('an environment override', [], { SITE_URL: 'https://staging.checkpointqa.com' });
  await assertRebuilt('the override removed');
  await assertRebuilt('another flag', ['--drafts']);
  await assertRebuilt('the flag removed');
  await assertUpToDate('after that build');

  // The output changed behind the build's back: a page edited, a file added, a file removed.
  const page = path.join(out(), 'index.html');
  await writeFile(page, `${await readFile(page, 'utf8')}<!-- edited -->`);
  await assertRebuilt('an output page edited');
  assert.doesNotMatch(await readFile(page, 'utf8'), /edited -->/);
  await writeFile(path.join(out(), 'stray.html'), 'stray');
  await assertRebuilt('a file added to the output');
  await assertUpToDate('after that build');

  await assertRebuilt('--no-cache', ['--no-cache']);
  await assertRebuilt('the first cached build after --no-cache');
  await assertUpToDate('after that build');
});

test('a record that is garbage, truncated, oversized or of another output is not trusted', { timeout: 10 * 60_000 }, async () => {
  await build();
  await assertUpToDate('before');
  const folder = path.join(root, 'node_modules', '.cache', 'sitegen', 'last-builds');
  const [name] = await readdir(folder);
  const file = path.join(folder, name!);
  const sound = await readFile(file, 'utf8');
  const record = JSON.parse(sound) as { target: string; files: unknown[] };
  const hostile = [
    'not json',
    sound.slice(0, sound.length / 2),
    JSON.stringify({ ...record, target: '../elsewhere' }),
    JSON.stringify({ ...record, files: record.files.slice(1) }),
    JSON.stringify({ ...record, outcome: { pages: 'many' } }),
    `${sound.slice(0, -1)}, "padding": "${'x'.repeat(65 * 1024 * 1024)}"}`,
  ];
  for (const text of hostile) {
    await writeFile(file, text);
    await assertRebuilt(`record: ${text.slice(0, 30)}`);
  }
  await assertUpToDate('after a sound record was written again');
});
