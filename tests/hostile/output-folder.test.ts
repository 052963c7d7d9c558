// The output folder is the build's own: `build --out` never replaces what is not an earlier
// build's output, the output has the umask's modes, killed and concurrent builds leave a
// complete output. Every case runs the real binary in a throwaway copy of the tiny site.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { runCli, type CliRun } from '../helpers/cli.ts';
import { editFile, projectRoot } from '../helpers/content.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { addTinySyntheticPosts } from '../helpers/synthetic-posts.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

/** Refusals happen before any build work; builds get the time of a slow shared machine. */
const refusalMs = 30_000; // a hang guard, generous for a loaded machine
const buildMs = 120_000;

let base: string;
let site: string;
let cleanup: () => Promise<void>;

before(async () => {
  // The project one level down in a throwaway folder, so that `--out ..` names a folder holding it.
  ({ root: site, cleanup } = await copyTinySite());
  base = path.dirname(site);
  await writeFile(path.join(site, 'notes.txt'), 'my notes');
  await mkdir(path.join(site, 'stuff'));
  await writeFile(path.join(site, 'stuff', 'photo.jpg'), 'a photo');
  await runCli(['--help'], { cwd: site }); // compiles the CLI once, outside the time bounds
});
after(() => cleanup());

/** Runs `sitegen build` in the project copy and times it. */
async function build(
  args: string[],
  options: { env?: Record<string, string>; umask?: number } = {},
): Promise<CliRun & { ms: number }> {
  const started = Date.now();
  const previous = options.umask === undefined ? undefined : process.umask(options.umask);
  const running = runCli(['build', ...args], { cwd: site, env: options.env }); // the child takes the umask as it starts
  if (previous !== undefined) process.umask(previous);
  const run = await running;
  return { ...run, ms: Date.now() - started };
}

/** Every file under a folder (through a link to it) with a hash of its bytes. */
async function snapshot(folder: string): Promise<Map<string, string>> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  return new Map(
    await Promise.all(
      files.map(
        async (file) =>
          [
            path.relative(folder, file),
            createHash('sha256')
              .update(await readFile(file))
              .digest('hex'),
          ] as [string, string],
      ),
    ),
  );
}

/** Asserts a refusal: exit 2, one line naming the path and the code, in time. */
function assertRefused(run: CliRun & { ms: number }, code: string, shown: string): void {
  assert.equal(run.code, 2, run.stderr);
  const lines = run.stderr.trim().split('\n');
  assert.equal(lines.length, 1, run.stderr);
  assert.ok(lines[0]!.startsWith(`error: --out ${shown} `), lines[0]);
  assert.ok(lines[0]!.endsWith(`[${code}]`), lines[0]);
  assert.ok(run.ms < refusalMs, `${run.ms} ms`);
}

for (const [shown, why, extra] of [
  ['.', 'the working directory', []],
  ['..', 'a folder holding the working directory', ['--force']],
  ['content', 'the content folder', ['--force']],
  ['templates', 'a source folder', ['--force']],
  ['cli', 'the folder of the CLI sources', ['--force']],
] as const) {
  test(`refuses --out ${shown} (${why}) with exit 2 and deletes nothing`, async () => {
    const before = await snapshot(base);
    assertRefused(await build(['--out', shown, ...extra]), 'output.protected-folder', shown);
    assert.deepEqual(await snapshot(base), before);
  });
}

test('refuses an --out folder holding the content folder given with --content', async () => {
  const elsewhere = path.join(base, 'elsewhere');
  await cp(path.join(site, 'content'), path.join(elsewhere, 'content'), { recursive: true });
  const before = await snapshot(elsewhere);
  assertRefused(
    await build(['--content', path.join(elsewhere, 'content'), '--out', elsewhere, '--force']),
    'output.protected-folder',
    elsewhere,
  );
  assert.deepEqual(await snapshot(elsewhere), before);
});

test('refuses the home folder as --out', async () => {
  const home = path.join(base, 'home');
  await mkdir(home);
  await writeFile(path.join(home, '.profile'), 'profile');
  assertRefused(await build(['--out', home, '--force'], { env: { HOME: home } }), 'output.protected-folder', home);
  assert.equal(await readFile(path.join(home, '.profile'), 'utf8'), 'profile');
});

test('refuses an existing file as --out, even with --force, and keeps it', async () => {
  assertRefused(await build(['--out', 'notes.txt']), 'output.not-a-folder', 'notes.txt');
  assertRefused(await build(['--out', 'notes.txt', '--force']), 'output.not-a-folder', 'notes.txt');
  assert.equal(await readFile(path.join(site, 'notes.txt'), 'utf8'), 'my notes');
});

test('refuses a folder with files that no build wrote, then replaces it with --force, with the modes of a 022 umask', async () => {
  assertRefused(await build(['--out', 'stuff']), 'output.not-a-build', 'stuff');
  assert.equal(await readFile(path.join(site, 'stuff', 'photo.jpg'), 'utf8'), 'a photo');
  const forced = await build(['--out', 'stuff', '--force', '--no-check-links'], { umask: 0o022 });
  assert.equal(forced.code, 0, forced.stderr);
  assert.ok(forced.ms < buildMs, `${forced.ms} ms`);
  const info = await lstat(path.join(site, 'stuff'));
  assert.ok(info.isDirectory() && !info.isSymbolicLink(), 'the output is a plain folder');
  assert.equal(existsSync(path.join(site, 'stuff', 'photo.jpg')), false);
  assert.deepEqual(
    (await entriesBesideOutput(path.join(site, 'stuff'))).filter((name) => name.startsWith('.stuff')),
    [],
    'no staging folder, old version or lock is left',
  );
  for (const folder of ['stuff', 'stuff/posts', 'stuff/assets'])
    assert.equal((await stat(path.join(site, folder))).mode & 0o777, 0o755, folder);
  assert.equal((await stat(path.join(site, 'stuff', 'index.html'))).mode & 0o777, 0o644);
  const again = await build(['--out', 'stuff', '--no-check-links']);
  assert.equal(again.code, 0, `an earlier build's output needs no --force: ${again.stderr}`);
});

test('the output has the modes of a 027 umask', async () => {
  const out = path.join(base, 'out-027');
  const run = await build(['--out', out, '--no-check-links'], { umask: 0o027 });
  assert.equal(run.code, 0, run.stderr);
  for (const folder of ['', 'posts', 'assets'])
    assert.equal((await stat(path.join(out, folder))).mode & 0o777, 0o750, folder || out);
  assert.equal((await stat(path.join(out, 'index.html'))).mode & 0o777, 0o640);
});

test('the next build removes the staging folder and lock of a killed build, but not those of a running one', async () => {
  const out = path.join(base, 'out-killed');
  // Enough posts that the build is still writing when it is killed.
  const content = await mkdtemp(path.join(base, 'many-posts-'));
  await cp(path.join(site, 'content'), content, { recursive: true });
  await addTinySyntheticPosts(path.join(content, 'posts'), 300);
  const child = spawn(
    process.execPath,
    [
      path.join(projectRoot, 'cli', 'bin.js'),
      'build',
      '--out',
      out,
      '--content',
      content,
      '--no-check-links',
      '--no-cache',
    ],
    { cwd: site, stdio: 'ignore' },
  );
  const staging = await waitFor(async () =>
    (await readdir(base)).find((name) => name.startsWith(`.out-killed-staging-${child.pid}-`)),
  );
  child.kill('SIGKILL');
  await once(child, 'close');
  assert.ok(
    existsSync(path.join(base, staging)) && existsSync(path.join(base, '.out-killed.lock')),
    'the killed build left its staging folder and lock',
  );
  const running = `.out-killed-staging-${process.pid}-0123456789ab`;
  await mkdir(path.join(base, running));
  // The next build, of the tiny site's own few pages: what it clears does not depend on what it builds.
  const run = await build(['--out', out, '--no-check-links']);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(run.ms < buildMs, `${run.ms} ms`);
  assert.equal(existsSync(path.join(base, staging)), false, "the killed build's staging folder is gone");
  assert.equal(existsSync(path.join(base, '.out-killed.lock')), false);
  assert.ok(existsSync(path.join(base, running)), 'the folder of a running build stays');
  await rm(path.join(base, running), { recursive: true });
});

test('two builds into one folder at once: both end, one complete output, a clear message for the other', async () => {
  const out = path.join(base, 'out-twice');
  const runs = await Promise.all([
    build(['--out', out, '--no-check-links']),
    build(['--out', out, '--no-check-links']),
  ]);
  for (const run of runs) {
    assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
    assert.doesNotMatch(run.stderr, /ENOTEMPTY|EEXIST|\n\s+at /);
    if (run.code === 1)
      assert.match(
        run.stderr,
        /^error: another build \(process \d+\) is writing .*out-twice; wait for it to finish.*\[output\.locked\]$/m,
      );
  }
  const winner = runs.find((run) => run.code === 0);
  assert.ok(winner, runs.map((run) => run.stderr).join('\n'));
  const files = Number(/\((\d+) files\)/.exec(winner.stdout)![1]);
  assert.equal((await snapshot(out)).size, files, 'every file of the build is in the output');
  assert.deepEqual(
    (await entriesBesideOutput(out)).filter((name) => name.startsWith('.out-twice')),
    [],
    'no staging folder, old version or lock is left',
  );
});

test('a failed build leaves the previous output byte for byte, and nothing beside it', async () => {
  const work = await mkdtemp(path.join(base, 'failed-'));
  const content = path.join(work, 'content');
  const out = path.join(work, 'dist');
  await cp(path.join(site, 'content'), content, { recursive: true });
  assert.equal((await build(['--content', content, '--out', out, '--no-check-links'])).code, 0);
  const before = await snapshot(out);
  const version = (await stat(out, { bigint: true })).ino;
  await editFile(path.join(content, 'posts', 'hello.md'), /^tags: .*$/m, 'tags: greeting');
  const failed = await build(['--content', content, '--out', out]);
  assert.equal(failed.code, 1, failed.stderr);
  assert.ok(failed.ms < buildMs, `${failed.ms} ms`);
  assert.equal((await stat(out, { bigint: true })).ino, version, 'the same folder');
  assert.deepEqual(await snapshot(out), before);
  assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist']);
});

for (const [where, out] of [
  ['in /proc', '/proc/sitegen-output'],
  ['under a file', path.join('notes.txt', 'dist')],
] as const) {
  test(`an unwritable output location (${where}) is a one-line error, not a stack trace`, async () => {
    const run = await build(['--out', out]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(
      run.stderr,
      /^error: cannot write the output folder .*sitegen-output|^error: cannot write the output folder .*notes\.txt\/dist/m,
    );
    assert.match(run.stderr, /\[output\.unwritable\]/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
    assert.ok(run.ms < refusalMs, `${run.ms} ms`);
    assert.equal(await readFile(path.join(site, 'notes.txt'), 'utf8'), 'my notes');
  });
}

/** Polls until `probe` returns a value (the killed build's staging folder appears within seconds). */
async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + buildMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
