import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fsPromises, { lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, test } from 'node:test';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { SiteError } from '../../cli/errors.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';

let tmp: string;
let outDir: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-writers-'));
  outDir = path.join(tmp, 'dist');
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

/** Every file under a folder, relative and sorted. */
async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
    .sort();
}

/** A previous build's output. */
async function writePreviousOutput(): Promise<void> {
  await mkdir(path.join(outDir, 'old-page'), { recursive: true });
  await writeFile(path.join(outDir, 'index.html'), 'old home');
  await writeFile(path.join(outDir, 'old-page', 'index.html'), 'old page');
}

test('DiskWriter writes into a staging folder beside the output, not into the output', async () => {
  await writePreviousOutput();
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'new home');
  await writer.write('blog/post/index.html', 'a post');
  const staging = await writer.folder();
  assert.equal(path.dirname(staging), tmp);
  assert.notEqual(staging, outDir);
  assert.deepEqual(await listFiles(staging), ['blog/post/index.html', 'index.html']);
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'old home');
  await writer.abort();
});

test('DiskWriter replaces the whole previous output on commit and leaves no staging behind', async () => {
  await writePreviousOutput();
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'new home');
  await writer.write('assets/app.js', new Uint8Array([1, 2, 3]));
  await writer.commit();
  assert.deepEqual(await listFiles(outDir), ['assets/app.js', 'index.html'], 'files of the old output are gone');
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'new home');
  assert.deepEqual([...(await readFile(path.join(outDir, 'assets/app.js')))], [1, 2, 3]);
  await writer.removed();
  assert.deepEqual(await entriesBesideOutput(outDir), ['dist']);
});

test('DiskWriter commits when there was no previous output, creating missing parent folders', async () => {
  outDir = path.join(tmp, 'nested', 'deeper', 'dist');
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'home');
  await writer.commit();
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'home');
  assert.deepEqual(await entriesBesideOutput(outDir), ['dist']);
});

test('DiskWriter abort leaves the previous output untouched and removes the staging folder', async () => {
  await writePreviousOutput();
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'half-written');
  const staging = await writer.folder();
  await writer.abort();
  assert.deepEqual(await listFiles(outDir), ['index.html', 'old-page/index.html']);
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'old home');
  assert.equal(existsSync(staging), false);
  assert.deepEqual(await readdir(tmp), ['dist']);
});

test('DiskWriter abort with no previous output leaves no output folder', async () => {
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'half-written');
  await writer.abort();
  assert.deepEqual(await readdir(tmp), []);
});

test('DiskWriter abort after a commit leaves the committed output in place', async () => {
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'home');
  await writer.commit();
  await writer.abort();
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'home');
});

test('two DiskWriters for one output stage into different folders', async () => {
  const first = new DiskWriter(outDir);
  const second = new DiskWriter(outDir);
  assert.notEqual(await first.folder(), await second.folder());
  await Promise.all([first.abort(), second.abort()]);
});

test('DiskWriter leaves the output a plain folder that tar and cp copy whole, and the next commit removes the old one', async () => {
  const first = new DiskWriter(outDir);
  await first.write('index.html', 'one');
  await first.commit();
  const info = await lstat(outDir);
  assert.ok(info.isDirectory() && !info.isSymbolicLink(), 'a folder, not a link');
  const second = new DiskWriter(outDir);
  await second.write('index.html', 'two');
  await second.commit();
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'two');
  await second.removed();
  assert.deepEqual(await readdir(tmp), ['dist'], 'the first output is gone');
  const archive = spawnSync('tar', ['-czf', '-', '-C', tmp, 'dist']);
  const listing = spawnSync('tar', ['-tzf', '-'], { input: archive.stdout, encoding: 'utf8' }).stdout;
  assert.match(listing, /^dist\/index\.html$/m, 'tar of the output holds its pages');
});

test('an output a killed build left aside between the two renames is put back by the next build', async () => {
  await writePreviousOutput();
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  await fsPromises.rename(outDir, path.join(tmp, `.dist-old-${dead}-abcdef012345`));
  await mkdir(path.join(tmp, `.dist-staging-${dead}-abcdef012345`));
  const writer = new DiskWriter(outDir);
  await writer.folder();
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'old home', 'the previous output is back');
  await writer.abort();
  assert.deepEqual(await readdir(tmp), ['dist'], "the dead build's staging folder is gone");
});

test('an output that an earlier release made a link to its version folder is replaced by a plain folder', async () => {
  const version = '.dist-build-1-abcdef012345';
  await mkdir(path.join(tmp, version));
  await writeFile(path.join(tmp, version, 'index.html'), 'linked');
  await fsPromises.symlink(version, outDir);
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'plain');
  await writer.commit();
  await writer.removed();
  assert.ok((await lstat(outDir)).isDirectory());
  assert.deepEqual(await readdir(tmp), ['dist']);
});

for (const [umask, folderMode, fileMode] of [
  [0o022, 0o755, 0o644],
  [0o027, 0o750, 0o640],
] as const) {
  test(`DiskWriter output has the modes of a ${umask.toString(8).padStart(3, '0')} umask, the output folder included`, async () => {
    const previous = process.umask(umask);
    try {
      const writer = new DiskWriter(outDir);
      await writer.write('index.html', 'home');
      await writer.write('blog/post/index.html', 'post');
      await writer.commit();
    } finally {
      process.umask(previous);
    }
    for (const folder of [outDir, path.join(outDir, 'blog'), path.join(outDir, 'blog', 'post')])
      assert.equal((await stat(folder)).mode & 0o777, folderMode, folder);
    assert.equal((await stat(path.join(outDir, 'index.html'))).mode & 0o777, fileMode);
  });
}

test('two DiskWriters committing into one output at once leave one complete output, never a raw rename error', async () => {
  await writePreviousOutput();
  const writers = [new DiskWriter(outDir), new DiskWriter(outDir)];
  await Promise.all(
    writers.map(async (writer, i) => {
      for (const page of ['index.html', 'a/index.html', 'b/index.html']) await writer.write(page, `build ${i}`);
    }),
  );
  await Promise.all(writers.map((writer) => writer.commit()));
  const texts = await Promise.all(
    ['index.html', 'a/index.html', 'b/index.html'].map((page) => readFile(path.join(outDir, page), 'utf8')),
  );
  assert.equal(new Set(texts).size, 1, `one build's files: ${texts.join(', ')}`);
  assert.deepEqual(await listFiles(outDir), ['a/index.html', 'b/index.html', 'index.html']);
});

test('a static host answers every request while builds commit one after another', async () => {
  // Between the two renames of a commit there is a moment without an output folder; the static
  // host that preview and dev share waits it out instead of answering 404.
  await writePreviousOutput();
  const server = createServer(createStaticHandler(outDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let stop = false;
  const statuses = new Map<number, number>();
  const reading = (async () => {
    while (!stop) {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  })();
  for (let i = 0; i < 40; i++) {
    const writer = new DiskWriter(outDir);
    await writer.write('index.html', `home ${i}`);
    await writer.commit();
  }
  stop = true;
  await reading;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  assert.ok((statuses.get(200) ?? 0) > 0, 'the reader ran');
  assert.deepEqual([...statuses.keys()], [200], `every answer was 200: ${JSON.stringify([...statuses])}`);
});

test('a static host serves the pages of the build that replaced the folder it was serving', async () => {
  // preview left running while the site is built again: the new pages, and the new _headers, are served.
  await writePreviousOutput();
  const server = createServer(createStaticHandler(outDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const get = (urlPath: string) => fetch(`http://127.0.0.1:${port}${urlPath}`);
    assert.equal((await get('/fresh/')).status, 404);
    const writer = new DiskWriter(outDir);
    await writer.write('index.html', 'home');
    await writer.write('fresh/index.html', 'a page the first build did not have');
    await writer.write('_headers', '/fresh/*\n  X-Fresh: yes\n');
    await writer.commit();
    const fresh = await get('/fresh/');
    assert.equal(fresh.status, 200);
    assert.equal(await fresh.text(), 'a page the first build did not have');
    assert.equal(fresh.headers.get('x-fresh'), 'yes');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

test('DiskWriter on an unwritable location fails with one located error, not a crash', async () => {
  const writer = new DiskWriter('/proc/sitegen-no-such-output');
  await new Promise((resolve) => setTimeout(resolve, 50)); // a failure before the first write is not an unhandled rejection
  await assert.rejects(writer.write('index.html', 'home'), (error: unknown) => {
    assert.ok(error instanceof SiteError);
    assert.equal(error.code, 'output.unwritable');
    assert.match(error.message, /\/proc\/sitegen-no-such-output/);
    return true;
  });
  await writer.abort();
});

test('MemoryWriter keeps each file by its relative path, the last write winning', async () => {
  const writer = new MemoryWriter();
  await writer.write('index.html', 'first');
  await writer.write('index.html', 'second');
  await writer.write('assets/a.js', new TextEncoder().encode('bytes é'));
  await writer.commit();
  assert.deepEqual([...writer.files.keys()], ['index.html', 'assets/a.js']);
  assert.equal(writer.text('index.html'), 'second');
  assert.equal(writer.text('assets/a.js'), 'bytes é');
  assert.equal(writer.text('missing.html'), undefined);
});

test('MemoryWriter abort drops everything written', async () => {
  const writer = new MemoryWriter();
  await writer.write('index.html', 'page');
  await writer.abort();
  assert.equal(writer.files.size, 0);
});

test('DiskWriter links the files the last output holds byte for byte and writes only the others', async () => {
  const umaskMode = 0o666 & ~process.umask();
  await mkdir(path.join(outDir, 'post'), { recursive: true });
  await mkdir(path.join(tmp, 'elsewhere'));
  const previous: Record<string, string> = {
    'same.html': 'kept',
    'post/index.html': 'kept post',
    'edited.html': 'as built',
    'mode.html': 'same bytes',
    'link.html': 'same bytes',
  };
  for (const [name, text] of Object.entries(previous))
    if (name !== 'link.html') await writeFile(path.join(outDir, name), text);
  await fsPromises.chmod(path.join(outDir, 'mode.html'), 0o600);
  // A file and a folder of the output swapped for links to elsewhere, holding the very bytes.
  await writeFile(path.join(tmp, 'elsewhere', 'link.html'), 'same bytes');
  await fsPromises.symlink(path.join(tmp, 'elsewhere', 'link.html'), path.join(outDir, 'link.html'));
  await writeFile(path.join(tmp, 'elsewhere', 'index.html'), 'linked folder');
  await fsPromises.symlink(path.join(tmp, 'elsewhere'), path.join(outDir, 'folder'));
  const before = new Map<string, bigint>();
  for (const name of ['same.html', 'post/index.html', 'edited.html', 'mode.html', 'link.html', 'folder/index.html'])
    before.set(name, (await stat(path.join(outDir, name), { bigint: true })).ino);

  const writer = new DiskWriter(outDir);
  await writer.write('same.html', 'kept');
  await writer.write('post/index.html', Buffer.from('kept post'));
  await writer.write('edited.html', 'as edited');
  await writer.write('mode.html', 'same bytes');
  await writer.write('link.html', 'same bytes');
  await writer.write('folder/index.html', 'linked folder');
  await writer.commit();
  await writer.removed();

  const ino = async (name: string) => (await stat(path.join(outDir, name), { bigint: true })).ino;
  assert.equal(
    await ino('same.html'),
    before.get('same.html'),
    "an unchanged file is a link to the last output's, not a copy",
  );
  assert.equal(await ino('post/index.html'), before.get('post/index.html'), 'in a folder too');
  for (const name of ['edited.html', 'mode.html', 'link.html', 'folder/index.html']) {
    assert.notEqual(await ino(name), before.get(name), `${name} is a new file`);
    assert.equal((await lstat(path.join(outDir, name))).isFile(), true, `${name} is a plain file`);
    assert.equal((await stat(path.join(outDir, name))).mode & 0o777, umaskMode, `${name} has the umask's mode`);
  }
  assert.equal(await readFile(path.join(outDir, 'edited.html'), 'utf8'), 'as edited');
  assert.equal(
    await readFile(path.join(tmp, 'elsewhere', 'link.html'), 'utf8'),
    'same bytes',
    'what a link pointed at is left alone',
  );
  assert.deepEqual(await listFiles(outDir), [
    'edited.html',
    'folder/index.html',
    'link.html',
    'mode.html',
    'post/index.html',
    'same.html',
  ]);
});

test('DiskWriter writes a file whose link fails, and a file the last output lacks', async () => {
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'a.html'), 'same');
  const writer = new DiskWriter(outDir, {
    hardLink: () => {
      throw Object.assign(new Error('cross-device link'), { code: 'EXDEV' });
    },
  });
  await writer.write('a.html', 'same');
  await writer.write('new/index.html', 'new');
  await writer.commit();
  assert.equal(await readFile(path.join(outDir, 'a.html'), 'utf8'), 'same');
  assert.equal(await readFile(path.join(outDir, 'new', 'index.html'), 'utf8'), 'new');
});
