import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { bundleClient, type Bundle } from '../../cli/bundle/bundle-client.ts';
import { projectRoot } from '../helpers/content.ts';

// The bundle cache must give back exactly the last bundle while nothing it was made from
// changed, and bundle afresh after any change. To tell a reused bundle from a fresh one, the
// tests plant a marker in the cached stylesheet: it shows only when the cache was used.
const sources: Record<string, string> = {
  'client/site.ts': `document.documentElement.dataset.site = 'ready';\n`,
  'client/hydrate.ts': `export const hydrate = 1;\n`,
  'client/islands/Counter.tsx': `import { useState } from 'react';\nexport default function Counter() { const [n, set] = useState(0); return <button onClick={() => set(n + 1)}>{n}</button>; }\n`,
  'templates/styles/site.css': `@import './base.css';\n.button { color: red; }\n`,
  'templates/styles/base.css': `body { margin: 0; }\n`,
};
const marker = '/* from the cache */';

let root: string;
let cacheFile: string;

async function writeSource(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}
const stylesheet = (bundle: Bundle) => Buffer.from(bundle.files.find((file) => file.url === bundle.stylesheet)!.contents).toString('utf8');

/** Bundles once with the cache, then plants the marker in the cached stylesheet. */
async function primeCache(islandNames = ['Counter']): Promise<Bundle> {
  const fresh = await bundleClient({ root, islandNames, cacheFile });
  const entry = JSON.parse(await readFile(cacheFile, 'utf8'));
  const css = entry.bundle.files.find((file: { url: string }) => file.url === entry.bundle.stylesheet);
  css.contents = Buffer.from(marker + Buffer.from(css.contents, 'base64').toString('utf8')).toString('base64');
  await writeFile(cacheFile, JSON.stringify(entry));
  return fresh;
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bundle-cache-'));
  cacheFile = path.join(root, 'cache', 'bundle.json');
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  for (const [file, text] of Object.entries(sources)) await writeSource(file, text);
});
after(() => rm(root, { recursive: true, force: true }));

test('a second bundle of unchanged sources comes from the cache, with the same files, bytes and names', async () => {
  const fresh = await bundleClient({ root, islandNames: ['Counter'], cacheFile });
  const again = await bundleClient({ root, islandNames: ['Counter'], cacheFile });
  assert.deepEqual({ ...again, files: again.files.map((f) => ({ ...f, contents: Buffer.from(f.contents) })) }, { ...fresh, files: fresh.files.map((f) => ({ ...f, contents: Buffer.from(f.contents) })) });
  await primeCache();
  assert.ok(stylesheet(await bundleClient({ root, islandNames: ['Counter'], cacheFile })).startsWith(marker));
});

test('a changed input file bundles afresh', async () => {
  await primeCache();
  await writeSource('templates/styles/base.css', `body { margin: 1px; }\n`);
  const css = stylesheet(await bundleClient({ root, islandNames: ['Counter'], cacheFile }));
  assert.ok(!css.startsWith(marker));
  assert.match(css, /margin:1px/);
  await writeSource('templates/styles/base.css', sources['templates/styles/base.css']!);
});

test('a new file in the client folder, or another set of islands, bundles afresh', async () => {
  await primeCache();
  await writeSource('client/islands/helper.ts', `export const x = 1;\n`);
  assert.ok(!stylesheet(await bundleClient({ root, islandNames: ['Counter'], cacheFile })).startsWith(marker));
  await rm(path.join(root, 'client/islands/helper.ts'));
  await primeCache();
  await writeSource('client/islands/Other.tsx', `export default function Other() { return null; }\n`);
  const both = await bundleClient({ root, islandNames: ['Counter', 'Other'], cacheFile });
  assert.ok(!stylesheet(both).startsWith(marker));
  assert.ok(both.islands.Other);
});

test('a corrupt, truncated, oversized or hostile cache file is ignored and replaced', async () => {
  const hostile = async (mutate: (entry: any) => void) => { // any: the test edits an arbitrary JSON shape
    await bundleClient({ root, islandNames: ['Counter'], cacheFile });
    const entry = JSON.parse(await readFile(cacheFile, 'utf8'));
    mutate(entry);
    await writeFile(cacheFile, JSON.stringify(entry));
  };
  const cases: [string, () => Promise<void>][] = [
    ['garbage', () => writeFile(cacheFile, 'not json {')],
    ['truncated', async () => { await bundleClient({ root, islandNames: ['Counter'], cacheFile }); await truncate(cacheFile, 100); }],
    ['oversized', () => writeFile(cacheFile, Buffer.alloc(17 * 1024 * 1024, 32))],
    ['a file outside /assets', () => hostile((entry) => { entry.bundle.files[0].url = '/../../etc/passwd'; })],
    ['an input hash of the wrong type', () => hostile((entry) => { entry.inputs[Object.keys(entry.inputs)[0]!] = 42; })],
  ];
  for (const [name, spoil] of cases) {
    await spoil();
    const bundle = await bundleClient({ root, islandNames: ['Counter'], cacheFile });
    assert.match(stylesheet(bundle), /color:red/, name);
    assert.ok(bundle.files.every((file) => file.url.startsWith('/assets/')), name);
    assert.doesNotThrow(() => JSON.parse(readFileSync(cacheFile, 'utf8')), name);
  }
});
