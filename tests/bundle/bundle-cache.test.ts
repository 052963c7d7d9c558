import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { bundleClient, type Bundle, type ClientEntries } from '../../cli/bundle/bundle-client.ts';
import { Cache } from '../../cli/cache/cache.ts';
import { projectRoot } from '../helpers/content.ts';

// The bundle cache (the `bundle` named cache) must give back exactly the last bundle while
// nothing it was made from changed, and bundle afresh after any change. To tell a reused bundle
// from a fresh one, the tests plant a marker in the cached stylesheet: it shows only when the
// cache was used.
const sources: Record<string, string> = {
  'client/site.ts': `document.documentElement.dataset.site = 'ready';\n`,
  'client/hydrate.ts': `export const hydrate = 1;\n`,
  'client/islands/Counter.tsx': `import { useState } from 'react';\nexport default function Counter() { const [n, set] = useState(0); return <button onClick={() => set(n + 1)}>{n}</button>; }\n`,
  'templates/styles/site.css': `@import './base.css';\n.button { color: red; }\n`,
  'templates/styles/base.css': `body { margin: 0; }\n`,
};
const marker = '/* from the cache */';

let root: string;
let cache: Cache;

const entriesWith = (names: string[]): ClientEntries => ({
  styles: 'templates/styles/site.css',
  script: 'client/site.ts',
  hydrate: 'client/hydrate.ts',
  islands: Object.fromEntries(names.map((name) => [name, `client/islands/${name}.tsx`])),
});
const bundle = (names = ['Counter']) => bundleClient(root, entriesWith(names), cache);

async function writeSource(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}
const stylesheet = (b: Bundle) =>
  Buffer.from(b.files.find((file) => file.url === b.stylesheet)!.contents).toString('utf8');

/** The bundle entries of the cache: key and file. */
async function entries(): Promise<{ key: string; file: string }[]> {
  const found = await readdir(path.join(cache.folder!, 'bundle'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return found
    .filter((entry) => entry.isFile() && /^[0-9a-f]{64}$/.test(entry.name))
    .map((entry) => ({ key: entry.name, file: path.join(entry.parentPath, entry.name) }));
}

type StoredEntry = {
  inputs: Record<string, string>;
  bundle: { stylesheet: string; files: { url: string; contents: string }[] };
};

/** The entry of the bundle of these islands, parsed, with its key. */
async function storedEntry(): Promise<{ key: string; entry: StoredEntry }> {
  const found = await entries();
  assert.equal(found.length, 1, 'one bundle kept');
  return { key: found[0]!.key, entry: cache.getJson('bundle', found[0]!.key, (value): value is StoredEntry => true)! };
}

/** Bundles once with the cache, then plants the marker in the cached stylesheet. */
async function primeCache(names = ['Counter']): Promise<Bundle> {
  await rm(cache.folder!, { recursive: true, force: true });
  const fresh = await bundle(names);
  const { key, entry } = await storedEntry();
  const css = entry.bundle.files.find((file) => file.url === entry.bundle.stylesheet)!;
  css.contents = Buffer.from(marker + Buffer.from(css.contents, 'base64').toString('utf8')).toString('base64');
  cache.putJson('bundle', key, entry);
  return fresh;
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bundle-cache-'));
  cache = new Cache(path.join(root, 'cache'));
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  for (const [file, text] of Object.entries(sources)) await writeSource(file, text);
});
after(() => rm(root, { recursive: true, force: true }));

test('a second bundle of unchanged sources comes from the cache, with the same files, bytes and names', async () => {
  const fresh = await bundle();
  const again = await bundle();
  assert.deepEqual(
    { ...again, files: again.files.map((f) => ({ ...f, contents: Buffer.from(f.contents) })) },
    { ...fresh, files: fresh.files.map((f) => ({ ...f, contents: Buffer.from(f.contents) })) },
  );
  await primeCache();
  assert.ok(stylesheet(await bundle()).startsWith(marker));
});

test('a changed input file bundles afresh', async () => {
  await primeCache();
  await writeSource('templates/styles/base.css', `body { margin: 1px; }\n`);
  const css = stylesheet(await bundle());
  assert.ok(!css.startsWith(marker));
  assert.match(css, /margin:1px/);
  await writeSource('templates/styles/base.css', sources['templates/styles/base.css']!);
});

test('a new file in the client folder, or another set of islands, bundles afresh', async () => {
  await primeCache();
  await writeSource('client/islands/helper.ts', `export const x = 1;\n`);
  assert.ok(!stylesheet(await bundle()).startsWith(marker));
  await rm(path.join(root, 'client/islands/helper.ts'));
  await primeCache();
  await writeSource('client/islands/Other.tsx', `export default function Other() { return null; }\n`);
  const both = await bundle(['Counter', 'Other']);
  assert.ok(!stylesheet(both).startsWith(marker));
  assert.ok(both.islands.Other);
  await rm(path.join(root, 'client/islands/Other.tsx'));
});

test('without a cache (--no-cache) the bundle is made afresh and nothing is kept', async () => {
  await primeCache();
  const listing = async () => (await readdir(cache.folder!, { recursive: true })).sort();
  const before = await listing();
  const uncached = await bundleClient(root, entriesWith(['Counter']), new Cache(undefined));
  assert.ok(!stylesheet(uncached).startsWith(marker));
  assert.deepEqual(await listing(), before);
});

test('an entry that is garbage, truncated, oversized or hostile is ignored and replaced', async () => {
  const hostile = async (mutate: (entry: any) => void) => {
    // any: the test edits an arbitrary JSON shape
    await rm(cache.folder!, { recursive: true, force: true });
    await bundle();
    const { key, entry } = await storedEntry();
    mutate(entry);
    cache.putJson('bundle', key, entry);
  };
  const entryFile = async () => {
    await rm(cache.folder!, { recursive: true, force: true });
    await bundle();
    return (await entries())[0]!.file;
  };
  const cases: [string, () => Promise<void>][] = [
    ['garbage', async () => writeFile(await entryFile(), 'not json {')],
    ['truncated', async () => truncate(await entryFile(), 100)],
    ['oversized (sparse)', async () => truncate(await entryFile(), 65 * 1024 * 1024)],
    [
      'a file outside /assets',
      () =>
        hostile((entry) => {
          entry.bundle.files[0].url = '/../../etc/passwd';
        }),
    ],
    [
      'an input hash of the wrong type',
      () =>
        hostile((entry) => {
          entry.inputs[Object.keys(entry.inputs)[0]!] = 42;
        }),
    ],
    [
      "an input hash that is not the file's",
      () =>
        hostile((entry) => {
          entry.inputs['templates/styles/base.css'] = '0'.repeat(64);
        }),
    ],
  ];
  for (const [name, spoil] of cases) {
    await spoil();
    const fresh = await bundle();
    assert.match(stylesheet(fresh), /color:red/, name);
    assert.ok(
      fresh.files.every((file) => file.url.startsWith('/assets/')),
      name,
    );
    const { entry } = await storedEntry();
    assert.ok(
      entry.bundle.files.every((file) => file.url.startsWith('/assets/')),
      `${name}: a sound entry stored again`,
    );
    assert.match(await readFile((await entries())[0]!.file, 'latin1'), /^sitegen-cache /, name);
  }
});
