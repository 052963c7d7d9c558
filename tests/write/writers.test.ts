import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';

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
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name))).sort();
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
  assert.deepEqual([...await readFile(path.join(outDir, 'assets/app.js'))], [1, 2, 3]);
  assert.deepEqual(await readdir(tmp), ['dist']);
});

test('DiskWriter commits when there was no previous output, creating missing parent folders', async () => {
  outDir = path.join(tmp, 'nested', 'deeper', 'dist');
  const writer = new DiskWriter(outDir);
  await writer.write('index.html', 'home');
  await writer.commit();
  assert.equal(await readFile(path.join(outDir, 'index.html'), 'utf8'), 'home');
  assert.deepEqual(await readdir(path.dirname(outDir)), ['dist']);
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

test('two DiskWriters for one output stage into different folders', async () => {
  const first = new DiskWriter(outDir);
  const second = new DiskWriter(outDir);
  assert.notEqual(await first.folder(), await second.folder());
  await Promise.all([first.abort(), second.abort()]);
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
