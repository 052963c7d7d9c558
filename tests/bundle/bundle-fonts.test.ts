import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { bundleClient, fontUrls } from '../../cli/bundle/bundle-client.ts';
import { Cache } from '../../cli/cache/cache.ts';
import { projectRoot } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';

// A stylesheet's web font: copied beside the stylesheet under a hashed name and named by the
// bundle, so the pages can preload exactly the file the stylesheet loads.

const roots: string[] = [];
after(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

async function bundleWithStyles(files: Record<string, string | Uint8Array>) {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-fonts-'));
  roots.push(root);
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  const sources = { 'client/site.ts': `document.title = 'x';\n`, 'client/hydrate.ts': `export {};\n`, ...files };
  for (const [file, contents] of Object.entries(sources)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), contents);
  }
  return bundleClient(
    root,
    { styles: 'templates/styles/site.css', script: 'client/site.ts', hydrate: 'client/hydrate.ts' },
    new Cache(undefined),
  );
}

const fontBytes = new Uint8Array([0x77, 0x4f, 0x46, 0x32, 1, 2, 3, 4]);

test("copies a font the stylesheet names to /assets under a hashed name and points the stylesheet's url() at it", async () => {
  const bundle = await bundleWithStyles({
    'templates/styles/site.css': `@font-face { font-family: "Test"; src: url("./fonts/test.woff2") format("woff2"); }\nbody { font-family: "Test"; }\n`,
    'templates/styles/fonts/test.woff2': fontBytes,
  });
  const fonts = fontUrls(bundle);
  assert.equal(fonts.length, 1);
  assert.match(fonts[0]!, /^\/assets\/test-[A-Z0-9]{8}\.woff2$/);
  assert.deepEqual([...bundle.files.find((file) => file.url === fonts[0])!.contents], [...fontBytes]);
  const css = Buffer.from(bundle.files.find((file) => file.url === bundle.stylesheet)!.contents).toString('utf8');
  assert.ok(
    css.includes(`url(./${path.posix.basename(fonts[0]!)})`) ||
      css.includes(`url("./${path.posix.basename(fonts[0]!)}")`),
    css,
  );
});

test('names no font when the stylesheet loads none', async () => {
  const bundle = await bundleWithStyles({ 'templates/styles/site.css': `body { margin: 0; }\n` });
  assert.deepEqual(fontUrls(bundle), []);
});

test("the real stylesheet loads Inter's Latin variable file, about 48 KB", async () => {
  const bundle = await bundleClient(projectRoot, realSite.definition.client, new Cache(undefined));
  const fonts = fontUrls(bundle);
  assert.equal(fonts.length, 1);
  assert.match(fonts[0]!, /^\/assets\/inter-latin-wght-normal-[A-Z0-9]{8}\.woff2$/);
  const size = bundle.files.find((file) => file.url === fonts[0])!.contents.byteLength;
  assert.ok(size > 30_000 && size < 64_000, `${size} bytes`);
});
