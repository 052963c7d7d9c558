import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFile, copyFile, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache, cacheFolder } from '../../cli/cache/cache.ts';
import { runCliHere } from '../helpers/cli.ts';
import { editFile } from '../helpers/content.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

// The real `sitegen build` (run in this process) in a copy of the tiny site, with a cache of its
// own: a build whose inputs and output are as the last build left them leaves the output alone;
// any change to either makes an ordinary build.

let root: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ root, cleanup } = await copyTinySite());
  // A site that reads an environment variable, as the marketing site reads SITE_URL.
  await editFile(
    path.join(root, 'sitegen.config.ts'),
    '  model: (content) => ({',
    "  env: ['SITE_URL'],\n  model: (content) => ({",
  );
});
after(() => cleanup());

const out = () => path.join(root, 'dist');

async function build(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; upToDate: boolean }> {
  const { code, stdout, stderr } = await runCliHere(['build', ...args], {
    cwd: root,
    env: { SITE_URL: undefined, ...env },
  });
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
  assert.match(
    result.stdout,
    /dist\/ is up to date \(5 pages and 1 redirects, \d+ files\); rendered 0 of 5 pages and wrote no file/,
  );
  assert.equal(await outputVersion(), version, `${what}: the output is the same folder`);
}

async function assertRebuilt(what: string, args: string[] = [], env: Record<string, string> = {}): Promise<void> {
  const version = await outputVersion();
  const result = await build(args, env);
  assert.equal(result.upToDate, false, `${what} makes an ordinary build`);
  assert.notEqual(await outputVersion(), version, `${what}: a new output folder`);
}

test(
  'an unchanged build leaves the output alone; each change to an input or to the output makes an ordinary build',
  { timeout: 20 * 60_000 },
  async () => {
    await build();
    const first = await build();
    assert.equal(first.upToDate, true, first.stdout);
    assert.match(first.stdout, /links: .*\(as checked then\)/);
    await assertUpToDate('nothing changed, again');

    await appendFile(path.join(root, 'content', 'posts', 'hello.md'), '\nA sentence added.\n');
    await assertRebuilt('a post edited');
    assert.match(await readFile(path.join(out(), 'posts', 'hello', 'index.html'), 'utf8'), /A sentence added\./);
    await assertUpToDate('after that build');

    await editFile(path.join(root, 'content', 'data', 'site.json'), '"title": "Tiny"', '"title": "Tiny, edited"');
    await assertRebuilt('a dataset edited');
    assert.match(await readFile(path.join(out(), 'index.html'), 'utf8'), /<h1>Tiny, edited<\/h1>/);
    await assertUpToDate('after that build');

    await copyFile(
      path.join(root, 'content', 'images', 'square.svg'),
      path.join(root, 'content', 'images', 'square-copy.svg'),
    );
    await assertRebuilt('a file added under content/');

    await editFile(
      path.join(root, 'templates', 'pages.tsx'),
      '<main>{children}</main>',
      '<main data-edited="">{children}</main>',
    );
    await assertRebuilt('a template edited');
    assert.match(await readFile(path.join(out(), 'index.html'), 'utf8'), /<main data-edited="">/);
    await assertUpToDate('after that build');

    await assertRebuilt('an environment variable the site reads', [], { SITE_URL: 'https://staging.tiny.example' });
    await assertRebuilt('the variable removed');
    await assertRebuilt('another flag', ['--drafts']);
    await assertRebuilt('the flag removed');
    await assertUpToDate('after that build');

    // The output changed behind the build's back: a page edited, a file added.
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
  },
);

test(
  'a record that is garbage, truncated, oversized, malformed or of another output is not trusted',
  { timeout: 10 * 60_000 },
  async () => {
    await build();
    await assertUpToDate('before');
    const folder = path.join(cacheFolder(root), 'builds');
    const entries = (await readdir(folder, { recursive: true, withFileTypes: true })).filter(
      (entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name),
    );
    assert.equal(entries.length, 1, 'one output, one record');
    const key = entries[0]!.name;
    const file = path.join(entries[0]!.parentPath, key);
    const cache = new Cache(cacheFolder(root));
    /** The record the last build wrote: its entry's bytes, and its payload parsed. */
    const current = async () => {
      const bytes = await readFile(file);
      const payload = bytes.subarray(bytes.indexOf(10) + 1).toString('utf8');
      return {
        bytes,
        payload,
        record: JSON.parse(payload) as {
          output: { id: string; files: unknown[] };
          outcome: object;
          codeFiles: string[];
        },
      };
    };
    // The sound record, written again through the cache, is trusted: each case below changes only what it names.
    cache.put('builds', key, (await current()).payload);
    await assertUpToDate('the sound record written again');
    // As the file is found: not written by the cache at all, or cut short.
    const damaged: [string, (bytes: Buffer) => Buffer | string][] = [
      ['not an entry', () => 'not json'],
      ['truncated', (bytes) => bytes.subarray(0, bytes.length / 2)],
    ];
    for (const [label, damage] of damaged) {
      await writeFile(file, damage((await current()).bytes));
      await assertRebuilt(`record: ${label}`);
    }
    // Well-formed entries holding what no build records.
    type BuildRecord = Awaited<ReturnType<typeof current>>['record'];
    const hostile: [string, (record: BuildRecord) => string][] = [
      ['not JSON', () => 'not json'],
      ['another output folder', (record) => JSON.stringify({ ...record, output: { ...record.output, id: '1:2' } })],
      [
        'a file of the output missing from it',
        (record) => JSON.stringify({ ...record, output: { ...record.output, files: record.output.files.slice(1) } }),
      ],
      ['an outcome that is not one', (record) => JSON.stringify({ ...record, outcome: { pages: 'many' } })],
      [
        'code files outside the project',
        (record) => JSON.stringify({ ...record, codeFiles: ['../../../../etc/hostname'] }),
      ],
    ];
    for (const [label, make] of hostile) {
      cache.put('builds', key, make((await current()).record));
      await assertRebuilt(`record: ${label}`);
    }
    // Over the size a record may have, its bytes those its header records: never read.
    const { bytes, payload } = await current();
    const oversized = Buffer.from(`${payload.slice(0, -1)}, "padding": "${'x'.repeat(65 * 1024 * 1024)}"}`);
    await writeFile(
      file,
      Buffer.concat([
        bytes.subarray(0, bytes.indexOf(10) + 1 - 65),
        Buffer.from(`${createHash('sha256').update(oversized).digest('hex')}\n`),
        oversized,
      ]),
    );
    await assertRebuilt('record: oversized');
    await assertUpToDate('after a sound record was written again');
  },
);

test(
  "a site's server routes: their sources and the host outputs written beside the output are inputs too",
  { timeout: 10 * 60_000 },
  async () => {
    const args = ['--config', 'sitegen.server.config.ts', '--out', 'dist-server'];
    const worker = path.join(root, '.sitegen', 'hosts', 'cloudflare', 'worker.js');
    const handler = path.join(root, 'server', 'echo.ts');
    await build(args);
    const unchanged = await build(args);
    assert.equal(unchanged.upToDate, true, unchanged.stdout);

    await editFile(handler, "allow: 'POST'", "allow: 'POST', 'x-edited': 'yes'");
    const edited = await build(args);
    assert.equal(edited.upToDate, false, 'a server route edited makes an ordinary build');
    assert.match(await readFile(worker, 'utf8'), /x-edited/);
    assert.equal((await build(args)).upToDate, true, 'after that build');

    await rm(worker);
    assert.equal((await build(args)).upToDate, false, 'a host output removed makes an ordinary build');
    assert.match(await readFile(worker, 'utf8'), /x-edited/);
    await writeFile(worker, 'tampered');
    assert.equal((await build(args)).upToDate, false, 'a host output changed makes an ordinary build');
    assert.match(await readFile(worker, 'utf8'), /x-edited/);
    assert.equal((await build(args)).upToDate, true, 'after that build');
  },
);
