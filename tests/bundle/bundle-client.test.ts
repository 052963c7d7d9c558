import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import {
  bundleClient,
  measureScripts,
  scriptFiles,
  type Bundle,
  type ClientEntries,
} from '../../cli/bundle/bundle-client.ts';
import { Cache } from '../../cli/cache/cache.ts';
import { SiteError } from '../../cli/errors.ts';
import { projectRoot } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';

// A tiny client: two islands sharing React, a site script, a hydration script and two style files.
const sources: Record<string, string> = {
  'client/site.ts': `document.documentElement.dataset.site = 'ready';\nvoid import('./later.ts').then((m) => m.run());\n`,
  'client/later.ts': `export function run() { document.title = 'later'; }\n`,
  'client/hydrate.ts': `import { createElement } from 'react';\nimport { hydrateRoot } from 'react-dom/client';\nexport function hydrate(el: HTMLElement, C: () => null) { hydrateRoot(el, createElement(C)); }\n`,
  'client/islands/Counter.tsx': `import { useState } from 'react';\nexport default function Counter() { const [n, set] = useState(0); return <button onClick={() => set(n + 1)}>{n}</button>; }\n`,
  'client/islands/Greeting.tsx': `import { useId } from 'react';\nexport default function Greeting() { const id = useId(); return <p id={id}>Hello</p>; }\n`,
  'templates/styles/site.css': `@import './base.css';\n.button { color: rebeccapurple; }\n`,
  'templates/styles/base.css': `body { margin: 0; }\n`,
};
const islandNames = ['Counter', 'Greeting'];
/** The client's entries as a site names them, with these islands. */
const entriesWith = (names: string[]): ClientEntries => ({
  styles: 'templates/styles/site.css',
  script: 'client/site.ts',
  hydrate: 'client/hydrate.ts',
  islands: Object.fromEntries(names.map((name) => [name, `client/islands/${name}.tsx`])),
});
const noCache = new Cache(undefined);

let root: string;
let bundle: Bundle;

async function writeSource(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), text);
}

before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bundle-'));
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  for (const [file, text] of Object.entries(sources)) await writeSource(file, text);
  bundle = await bundleClient(root, entriesWith(islandNames), noCache);
});
after(() => rm(root, { recursive: true, force: true }));

const fileAt = (b: Bundle, url: string) => b.files.find((file) => file.url === url);
const text = (b: Bundle, url: string) => Buffer.from(fileAt(b, url)!.contents).toString('utf8');

test('produces the stylesheet, the site script and the hydration script under /assets with hashed names', () => {
  assert.match(bundle.stylesheet, /^\/assets\/site-[A-Z0-9]{8}\.css$/);
  assert.match(bundle.siteScript, /^\/assets\/site-[A-Z0-9]{8}\.js$/);
  assert.match(bundle.hydrateScript, /^\/assets\/hydrate-[A-Z0-9]{8}\.js$/);
  for (const url of [bundle.stylesheet, bundle.siteScript, bundle.hydrateScript])
    assert.ok(fileAt(bundle, url), `${url} is among the files`);
});

test('bundles imported stylesheets into the one minified stylesheet', () => {
  const css = text(bundle, bundle.stylesheet);
  assert.match(css, /body\{margin:0\}/);
  assert.match(css, /\.button\{color:#639\}|\.button\{color:rebeccapurple\}/);
  assert.doesNotMatch(css, /@import/);
});

test('gives each island its own entry file', () => {
  assert.deepEqual(Object.keys(bundle.islands), islandNames);
  for (const name of islandNames) {
    assert.match(bundle.islands[name]!, new RegExp(`^/assets/islands/${name}-[A-Z0-9]{8}\\.js$`));
    assert.ok(fileAt(bundle, bundle.islands[name]!), name);
  }
  assert.notEqual(bundle.islands.Counter, bundle.islands.Greeting);
});

test('puts React in one shared chunk that the islands and the hydration script import', () => {
  const chunks = bundle.files.filter((file) => file.url.startsWith('/assets/chunks/'));
  assert.ok(chunks.length >= 1);
  const shared = (url: string) => new Set(fileAt(bundle, url)!.imports.filter((i) => i.startsWith('/assets/chunks/')));
  const common = [...shared(bundle.islands.Counter!)].filter(
    (url) => shared(bundle.islands.Greeting!).has(url) && shared(bundle.hydrateScript).has(url),
  );
  assert.ok(common.length >= 1, 'a chunk imported by both islands and the hydration script');
  for (const url of common) assert.ok(fileAt(bundle, url), `${url} exists`);
});

test('keeps the site script standalone: it imports nothing', () => {
  assert.deepEqual(fileAt(bundle, bundle.siteScript)!.imports, []);
  assert.ok(text(bundle, bundle.siteScript).includes('ready'));
});

test('every import a file lists is a file of the bundle', () => {
  const urls = new Set(bundle.files.map((file) => file.url));
  for (const file of bundle.files)
    for (const imported of file.imports) assert.ok(urls.has(imported), `${file.url} imports ${imported}`);
});

test('changes only the names of the files whose content changed', async () => {
  await writeSource('templates/styles/base.css', `body { margin: 1px; }\n`);
  await writeSource('client/islands/Counter.tsx', sources['client/islands/Counter.tsx']!.replace('n + 1', 'n + 2'));
  try {
    const changed = await bundleClient(root, entriesWith(islandNames), noCache);
    assert.notEqual(changed.stylesheet, bundle.stylesheet, 'an edited imported style file renames the stylesheet');
    assert.notEqual(changed.islands.Counter, bundle.islands.Counter, 'an edited island renames its file');
    assert.equal(changed.islands.Greeting, bundle.islands.Greeting);
    assert.equal(changed.siteScript, bundle.siteScript);
    assert.equal(changed.hydrateScript, bundle.hydrateScript);
  } finally {
    await writeSource('templates/styles/base.css', sources['templates/styles/base.css']!);
    await writeSource('client/islands/Counter.tsx', sources['client/islands/Counter.tsx']!);
  }
});

test('gives the same names to the same sources', async () => {
  const again = await bundleClient(root, entriesWith(islandNames), noCache);
  assert.deepEqual(again.files.map((file) => file.url).sort(), bundle.files.map((file) => file.url).sort());
});

test('reports a syntax error as bundle.failed with its file, line and 1-based column', async () => {
  const broken = path.join(root, 'client', 'islands', 'Broken.tsx');
  await writeSource('client/islands/Broken.tsx', `export default function Broken() {\n  return <p>unclosed;\n}\n`);
  try {
    await assert.rejects(bundleClient(root, entriesWith([...islandNames, 'Broken']), noCache), (error: unknown) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'bundle.failed');
      assert.equal(path.resolve(root, error.file!), broken);
      assert.equal(typeof error.line, 'number');
      assert.ok(error.line! >= 2 && error.line! <= 4, `line ${error.line}`);
      assert.ok(error.column! >= 1);
      return true;
    });
  } finally {
    await rm(broken);
  }
});

test('measureScripts counts the bytes of the entries and everything they import, each file once', () => {
  const entries = [bundle.hydrateScript, bundle.islands.Counter!, bundle.islands.Greeting!];
  const measured = measureScripts(bundle, entries);
  const reachable = new Set<string>();
  const visit = (url: string) => {
    if (reachable.has(url)) return;
    reachable.add(url);
    fileAt(bundle, url)!.imports.forEach(visit);
  };
  entries.forEach(visit);
  assert.deepEqual([...measured.files].sort(), [...reachable].sort());
  const files = [...reachable].map((url) => fileAt(bundle, url)!);
  assert.equal(
    measured.bytes,
    files.reduce((sum, file) => sum + file.contents.byteLength, 0),
  );
  assert.equal(
    measured.gzip,
    files.reduce((sum, file) => sum + gzipSync(file.contents, { level: 9 }).byteLength, 0),
  );
  assert.ok(measured.gzip > 0 && measured.gzip < measured.bytes);
});

test('measureScripts counts a chunk shared by two islands once', () => {
  const one = measureScripts(bundle, [bundle.islands.Counter!]);
  const both = measureScripts(bundle, [bundle.islands.Counter!, bundle.islands.Greeting!]);
  const greetingOnly = fileAt(bundle, bundle.islands.Greeting!)!.contents.byteLength;
  const greetingImports = fileAt(bundle, bundle.islands.Greeting!)!.imports.filter((url) => !one.files.includes(url));
  const extra = greetingImports.reduce((sum, url) => sum + fileAt(bundle, url)!.contents.byteLength, 0);
  assert.equal(both.bytes, one.bytes + greetingOnly + extra);
});

test('records what a file imports with import() apart from its static imports, and measureScripts counts it', () => {
  const site = fileAt(bundle, bundle.siteScript)!;
  assert.equal(site.lazyImports.length, 1);
  assert.ok(!site.imports.includes(site.lazyImports[0]!));
  const measured = measureScripts(bundle, [bundle.siteScript]);
  assert.ok(measured.files.includes(site.lazyImports[0]!), 'the part imported later is counted');
  assert.deepEqual(scriptFiles(bundle, [bundle.siteScript]), [bundle.siteScript, ...site.imports]);
  assert.ok(!scriptFiles(bundle, [bundle.siteScript]).includes(site.lazyImports[0]!), 'but not loaded with it');
});

test('the real hydration script fetches no React until an island loads: React is behind its import()', async () => {
  const real = await bundleClient(projectRoot, realSite.definition.client, noCache);
  const staticBytes = scriptFiles(real, [real.hydrateScript]).reduce(
    (sum, url) => sum + fileAt(real, url)!.contents.byteLength,
    0,
  );
  assert.ok(staticBytes < 10_000, `the hydration script and its static imports are ${staticBytes} bytes`);
  assert.ok(measureScripts(real, [real.hydrateScript]).bytes > 100_000, 'React comes with import()');
});

test('measureScripts ignores URLs that are not in the bundle', () => {
  assert.deepEqual(measureScripts(bundle, ['/assets/missing.js', '']), { bytes: 0, gzip: 0, files: [] });
});

test('a client of a stylesheet alone bundles the stylesheet and no script', async () => {
  const styles = await bundleClient(root, { styles: 'templates/styles/site.css' }, noCache);
  assert.deepEqual(
    styles.files.map((file) => file.url),
    [styles.stylesheet],
  );
  assert.match(styles.stylesheet, /^\/assets\/site-[A-Z0-9]{8}\.css$/);
  assert.deepEqual([styles.siteScript, styles.hydrateScript, styles.islands], ['', '', {}]);
});

test('bundles the real client: every registered island gets an entry file', async () => {
  const { islands } = await import('../../client/islands/index.ts');
  const names = Object.keys(islands);
  const real = await bundleClient(projectRoot, realSite.definition.client, noCache);
  assert.deepEqual(Object.keys(real.islands), names);
  for (const name of names) assert.ok(fileAt(real, real.islands[name]!), `${name} has a file`);
  assert.ok(fileAt(real, real.stylesheet) && fileAt(real, real.siteScript) && fileAt(real, real.hydrateScript));
});
