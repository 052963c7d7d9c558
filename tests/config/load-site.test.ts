import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { loadSite } from '../../cli/config/load-site.ts';
import { SiteError } from '../../cli/errors.ts';

// What loading a definition checks of it beyond its shape: its own error codes join the engine's
// catalogue (each `area.problem`, none the engine's), and its code theme is one Shiki has.

/** Loads a definition with `fields`, written into a folder of its own. */
async function loadWith(fields: Record<string, unknown>): Promise<{ loaded?: unknown; error?: unknown; file: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-load-site-'));
  const file = path.join(root, 'sitegen.config.ts');
  const definition = {
    ...fields,
    content: { collections: {}, data: {}, images: 'images' },
    client: { styles: 'styles.css' },
  };
  await writeFile(
    file,
    `export default { ...${JSON.stringify(definition)}, model: () => ({}), routes: () => [], render: () => null };\n`,
  );
  try {
    return { loaded: await loadSite(root, file), file };
  } catch (error) {
    return { error, file };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

test("a definition's own codes load beside the engine's", async () => {
  const { loaded, error } = await loadWith({
    errors: { 'content.duplicate-topic': { title: 'Two guides share a topic' } },
  });
  assert.equal(error, undefined);
  assert.ok(loaded);
});

test("a code of the engine's, or one not area.problem in lowercase, is config.invalid at the definition", async () => {
  for (const code of ['content.bad-json', 'Content.Duplicate', 'duplicate']) {
    const { error, file } = await loadWith({ errors: { [code]: { title: 'A problem' } } });
    assert.ok(error instanceof SiteError, code);
    assert.equal(error.code, 'config.invalid', code);
    assert.equal(error.file, file, code);
  }
});

test('a code theme Shiki bundles loads; any other name is config.invalid at the definition', async () => {
  assert.equal((await loadWith({ markdown: { theme: 'github-light' } })).error, undefined);
  const { error, file } = await loadWith({ markdown: { theme: 'github-darkest' } });
  assert.ok(error instanceof SiteError);
  assert.equal(error.code, 'config.invalid');
  assert.equal(error.file, file);
});

test("a definition's compile is kept in the cache, and compiled again once a file it imports changes or a file comes beside one", async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'sitegen-load-site-'));
  try {
    const file = path.join(root, 'sitegen.config.ts');
    await writeFile(
      file,
      `import { word } from './words';\nexport default { content: { collections: {}, data: {}, images: 'images' }, client: { styles: 'styles.css' }, model: () => ({ word }), routes: () => [], render: () => null };\n`,
    );
    await writeFile(path.join(root, 'words.ts'), `export const word = 'one';\n`);
    const cache = new Cache(path.join(root, 'cache'));
    const wordOf = async () => {
      const { definition } = await loadSite(root, file, cache);
      return (definition.model({} as never, {} as never) as { word: string }).word;
    };
    assert.equal(await wordOf(), 'one');
    assert.equal(
      (await readdir(path.join(root, 'cache', 'definitions'), { recursive: true })).length,
      2,
      'one entry kept',
    );
    assert.equal(await wordOf(), 'one');
    await writeFile(path.join(root, 'words.ts'), `export const word = 'two';\n`);
    assert.equal(await wordOf(), 'two', 'an edited import is compiled again');
    // esbuild resolves `./words` to words.tsx before words.ts: a new file beside an input can change the compile.
    await writeFile(path.join(root, 'words.tsx'), `export const word = 'three';\n`);
    assert.equal(await wordOf(), 'three', 'a file that an import now resolves to is compiled');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
