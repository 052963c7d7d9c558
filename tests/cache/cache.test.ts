// The one cache (cli/cache/cache.ts): an entry is answered only when its bytes are exactly those
// written under its key; anything else found in its place (cut short, another format, another
// entry's bytes, a link, a FIFO, something too large) answers nothing, and nothing is ever thrown.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache, cacheFolder, cacheKey, cacheTable, type CacheName } from '../../cli/cache/cache.ts';
import { hangBound } from '../helpers/hang-bound.ts';

let tmp: string;
let serial = 0;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-cache-unit-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

/** A cache in a folder of its own. */
function freshCache(): Cache {
  return new Cache(path.join(tmp, `cache-${++serial}`));
}

/** Where the cache keeps an entry: `<folder>/<name>/<first two hex digits>/<key>`. */
function entryFile(cache: Cache, name: CacheName, key: string): string {
  return path.join(cache.folder!, name, key.slice(0, 2), key);
}

const day = 86_400_000;

test('an entry put is got back byte for byte, as bytes, text or JSON', () => {
  const cache = freshCache();
  const bytes = Buffer.from([0, 1, 2, 255, 10, 13]);
  cache.put('images', cacheKey('bytes'), bytes);
  cache.put('markdown', cacheKey('text'), 'héllo\nworld');
  cache.putJson('pages', cacheKey('json'), { html: '<p>x</p>', links: [] });
  assert.deepEqual(cache.get('images', cacheKey('bytes')), bytes);
  assert.equal(cache.get('markdown', cacheKey('text'))?.toString('utf8'), 'héllo\nworld');
  assert.deepEqual(
    cache.getJson('pages', cacheKey('json'), (value): value is unknown => true),
    { html: '<p>x</p>', links: [] },
  );
  assert.equal(cache.get('images', cacheKey('never put')), undefined, 'a key never put');
  assert.equal(cache.get('markdown', cacheKey('bytes')), undefined, 'a key put in another named cache');
});

test('putting an entry again replaces it, and leaves no temporary file behind', async () => {
  const cache = freshCache();
  const key = cacheKey('replaced');
  cache.put('bundle', key, 'first');
  cache.put('bundle', key, 'second, longer than the first');
  assert.equal(cache.get('bundle', key)?.toString(), 'second, longer than the first');
  assert.deepEqual(await readdir(path.dirname(entryFile(cache, 'bundle', key))), [key]);
});

test('getJson answers nothing for an entry that is not JSON or not of the shape asked for', () => {
  const cache = freshCache();
  cache.put('highlight', cacheKey('not json'), '{"html": ');
  cache.putJson('highlight', cacheKey('wrong shape'), { html: 42 });
  const isHighlighted = (value: unknown): value is { html: string } =>
    typeof (value as { html?: unknown } | null)?.html === 'string';
  assert.equal(cache.getJson('highlight', cacheKey('not json'), isHighlighted), undefined);
  assert.equal(cache.getJson('highlight', cacheKey('wrong shape'), isHighlighted), undefined);
});

test('an entry cut short answers nothing', async () => {
  const cache = freshCache();
  const key = cacheKey('truncated');
  cache.put('pages', key, 'x'.repeat(1000));
  const file = entryFile(cache, 'pages', key);
  for (const size of [500, 60, 0]) {
    await truncate(file, size);
    assert.equal(cache.get('pages', key), undefined, `cut to ${size} bytes`);
  }
});

test("an entry whose header is not this format's, or does not match its bytes, answers nothing", async () => {
  const cache = freshCache();
  const key = cacheKey('header');
  cache.put('markdown', key, '{"html":"<p>sound</p>"}');
  const file = entryFile(cache, 'markdown', key);
  const sound = await readFile(file);
  const newline = sound.indexOf(10);
  const header = sound.subarray(0, newline).toString('latin1');
  const payload = sound.subarray(newline + 1);
  assert.match(header, /^sitegen-cache \d+ [0-9a-f]{64}$/, 'one header line, then the payload');
  const formatVersion = Number(header.split(' ')[1]);
  const cases: [string, Buffer][] = [
    [
      'another format version',
      Buffer.concat([
        Buffer.from(header.replace(/^sitegen-cache \d+/, `sitegen-cache ${formatVersion + 1}`) + '\n'),
        payload,
      ]),
    ],
    [
      'a byte of the payload changed',
      Buffer.concat([sound.subarray(0, newline + 1), Buffer.from(payload.toString().replace('sound', 'SOUND'))]),
    ],
    [
      'a digit of the hash changed',
      Buffer.concat([Buffer.from(header.slice(0, -1) + (header.endsWith('0') ? '1' : '0') + '\n'), payload]),
    ],
    ['no header at all', payload],
    ['plain garbage', Buffer.from('garbage '.repeat(20))],
    ['the header in upper case', Buffer.concat([Buffer.from(header.toUpperCase() + '\n'), payload])],
  ];
  for (const [what, bytes] of cases) {
    await writeFile(file, bytes);
    assert.equal(cache.get('markdown', key), undefined, what);
  }
  await writeFile(file, sound);
  assert.equal(
    cache.get('markdown', key)?.toString(),
    '{"html":"<p>sound</p>"}',
    'the sound entry, put back, is answered',
  );
});

test("another entry's bytes, sound in themselves, are no entry for this key", async () => {
  const cache = freshCache();
  const [mine, theirs] = [cacheKey('page /a'), cacheKey('page /b')];
  cache.putJson('pages', mine, { html: '<h1>A</h1>' });
  cache.putJson('pages', theirs, { html: '<h1>B</h1>' });
  await copyFile(entryFile(cache, 'pages', theirs), entryFile(cache, 'pages', mine));
  assert.equal(cache.get('pages', mine), undefined, 'the bytes of /b under the key of /a');
  assert.equal(cache.get('pages', theirs)?.toString(), '{"html":"<h1>B</h1>"}');
  // The same key's entry moved from another named cache is no entry of this one either.
  cache.put('markdown', mine, '{"html":"<h1>A</h1>"}');
  await copyFile(entryFile(cache, 'markdown', mine), entryFile(cache, 'pages', mine));
  assert.equal(cache.get('pages', mine), undefined, 'a markdown entry in the pages folder');
});

test("a symbolic link in an entry's place answers nothing, even to a sound entry", async () => {
  const cache = freshCache();
  const key = cacheKey('linked');
  cache.put('cards', key, 'picture');
  const file = entryFile(cache, 'cards', key);
  const elsewhere = path.join(tmp, `linked-target-${serial}`);
  await copyFile(file, elsewhere);
  await rm(file);
  await symlink(elsewhere, file);
  assert.equal(cache.get('cards', key), undefined);
  await rm(file);
  await symlink('/dev/zero', file);
  assert.equal(cache.get('cards', key), undefined, 'a link to a device');
});

test("a FIFO in an entry's place answers nothing at once, without waiting for a writer", async () => {
  const cache = freshCache();
  const key = cacheKey('fifo');
  const file = entryFile(cache, 'images', key);
  await mkdir(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  const started = performance.now();
  assert.equal(cache.get('images', key), undefined);
  assert.ok(performance.now() - started < hangBound, 'the read did not block');
});

test("a folder in an entry's place answers nothing", async () => {
  const cache = freshCache();
  const key = cacheKey('folder');
  await mkdir(entryFile(cache, 'builds', key), { recursive: true });
  assert.equal(cache.get('builds', key), undefined);
  cache.put('builds', key, 'record');
  assert.equal(cache.get('builds', key), undefined, 'a put over a folder fails quietly');
});

test('an entry larger than its named cache allows answers nothing unread, and a payload that large is never put', async () => {
  const cache = freshCache();
  const key = cacheKey('oversized');
  cache.put('highlight', key, 'small');
  const file = entryFile(cache, 'highlight', key);
  // Sparse: as large as it claims, without the disk space.
  await truncate(file, cacheTable.highlight.maxEntryBytes + 200);
  assert.equal(cache.get('highlight', key), undefined);
  cache.put('highlight', cacheKey('too large to put'), Buffer.alloc(cacheTable.highlight.maxEntryBytes + 1));
  assert.equal(existsSync(entryFile(cache, 'highlight', cacheKey('too large to put'))), false);
  const atLimit = Buffer.alloc(cacheTable.highlight.maxEntryBytes, 97);
  cache.put('highlight', cacheKey('at the limit'), atLimit);
  assert.equal(
    cache.get('highlight', cacheKey('at the limit'))?.length,
    atLimit.length,
    'an entry at the limit is kept and read',
  );
});

test('a key that is not a hash names no file: nothing is read or written outside the cache', async () => {
  const cache = freshCache();
  const outside = path.join(tmp, 'outside.txt');
  for (const key of ['../../outside.txt', '', 'ABCDEF'.repeat(11).slice(0, 64), `${cacheKey('x')}/../x`]) {
    cache.put('pages', key, 'x');
    assert.equal(cache.get('pages', key), undefined, JSON.stringify(key));
  }
  assert.equal(existsSync(outside), false);
  assert.equal(existsSync(cache.folder!), false, 'not even the cache folder was made');
});

test('a cache without a folder (--no-cache) neither reads nor writes', async () => {
  const cache = new Cache(undefined);
  assert.equal(cache.enabled, false);
  cache.put('pages', cacheKey('a'), 'x');
  cache.putJson('builds', cacheKey('b'), { x: 1 });
  assert.equal(cache.get('pages', cacheKey('a')), undefined);
  assert.equal(
    cache.getJson('builds', cacheKey('b'), (value): value is unknown => true),
    undefined,
  );
  cache.prune();
  assert.equal(Cache.of(tmp, false).folder, undefined);
  assert.equal(Cache.of(tmp).folder, path.join(tmp, 'node_modules', '.cache', 'sitegen'));
  assert.equal(cacheFolder(tmp), Cache.of(tmp).folder);
});

test('a cache folder that cannot be made (a file in its place) costs nothing but the values', async () => {
  const file = path.join(tmp, 'a-file');
  await writeFile(file, 'not a folder');
  const cache = new Cache(file);
  assert.doesNotThrow(() => cache.put('pages', cacheKey('x'), 'x'));
  assert.equal(cache.get('pages', cacheKey('x')), undefined);
  assert.doesNotThrow(() => cache.prune());
  assert.equal(await readFile(file, 'utf8'), 'not a folder');
});

test('keys are hashes of their parts, in order, each part kept apart from the next', () => {
  assert.match(cacheKey('a', 1, true, undefined, new Uint8Array([1])), /^[0-9a-f]{64}$/);
  assert.equal(cacheKey('a', 'b'), cacheKey('a', 'b'));
  assert.notEqual(cacheKey('a', 'b'), cacheKey('b', 'a'));
  assert.notEqual(cacheKey('ab', 'c'), cacheKey('a', 'bc'));
  assert.notEqual(cacheKey('a'), cacheKey('a', ''));
});

test("prune removes the entries no run used for their named cache's age, unknown folders and files, and temporary files", async () => {
  const cache = freshCache();
  const now = Date.now();
  const ageOf = async (name: CacheName, key: string, days: number) => {
    const at = new Date(now - days * day);
    await utimes(entryFile(cache, name, key), at, at);
  };
  const put = (name: CacheName, label: string) => {
    const key = cacheKey(label);
    cache.put(name, key, label);
    return key;
  };
  const stalePage = put('pages', 'stale page');
  const freshPage = put('pages', 'fresh page');
  const oldImage = put('images', 'image 20 days old');
  await ageOf('pages', stalePage, cacheTable.pages.maxAgeDays + 1);
  await ageOf('pages', freshPage, cacheTable.pages.maxAgeDays - 1);
  // 20 days is stale for pages (14) but not for images (30): each named cache has its own age.
  await ageOf('images', oldImage, 20);
  const leftover = path.join(path.dirname(entryFile(cache, 'pages', freshPage)), `${freshPage}.123-abcdef.tmp`);
  await writeFile(leftover, 'a write a killed run left');
  await mkdir(path.join(cache.folder!, 'markdown.json-of-an-older-format'), { recursive: true });
  await writeFile(path.join(cache.folder!, 'index-old'), 'x');
  cache.prune(now);
  assert.equal(existsSync(entryFile(cache, 'pages', stalePage)), false, 'the stale page');
  assert.equal(cache.get('pages', freshPage)?.toString(), 'fresh page');
  assert.equal(cache.get('images', oldImage)?.toString(), 'image 20 days old');
  assert.equal(existsSync(leftover), false, 'the temporary file');
  assert.deepEqual((await readdir(cache.folder!)).sort(), ['images', 'pages']);
});

test('prune lists a named cache at most once a day', async () => {
  const cache = freshCache();
  const key = cacheKey('pruned later');
  cache.put('markdown', key, 'x');
  cache.prune();
  const old = new Date(Date.now() - (cacheTable.markdown.maxAgeDays + 1) * day);
  await utimes(entryFile(cache, 'markdown', key), old, old);
  cache.prune();
  assert.ok(existsSync(entryFile(cache, 'markdown', key)), 'pruned within the day: left for the next prune');
  cache.prune(Date.now() + day + 60_000);
  assert.equal(existsSync(entryFile(cache, 'markdown', key)), false, 'a day later the stale entry goes');
});

test('reading an entry marks it used, so an entry still read is never pruned', async () => {
  const cache = freshCache();
  const key = cacheKey('still read');
  cache.put('cards', key, 'x');
  const old = new Date(Date.now() - (cacheTable.cards.maxAgeDays + 1) * day);
  await utimes(entryFile(cache, 'cards', key), old, old);
  assert.equal(cache.get('cards', key)?.toString(), 'x');
  assert.ok(Date.now() - (await stat(entryFile(cache, 'cards', key))).mtimeMs < 60_000, 'touched by the read');
  cache.prune();
  assert.equal(cache.get('cards', key)?.toString(), 'x');
});
