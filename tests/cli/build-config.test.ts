import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { outputDigest } from '../helpers/build-output.ts';
import { runCli } from '../helpers/cli.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

// `sitegen build --config`: the same project built from another definition, here one that
// imports the tiny site's and indexes it for search one page per part.

let root: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ root, cleanup } = await copyTinySite());
  await writeFile(path.join(root, 'parts.config.ts'), "import site from './sitegen.config.ts';\n\nexport default { ...site, search: { ...site.search!, pagesPerPart: 1 } };\n");
  await writeFile(path.join(root, 'unknown-search.config.ts'), "import site from './sitegen.config.ts';\n\nexport default { ...site, search: { page: '/find' } };\n");
});
after(() => cleanup());

const parts = async () => JSON.parse(await readFile(path.join(root, 'dist', 'pagefind', 'parts.json'), 'utf8')) as { merge: string[] };

test('--config builds from the definition it names; the next build without it is an ordinary build from sitegen.config.ts', { timeout: 5 * 60_000 }, async () => {
  const other = await runCli(['build', '--config', 'parts.config.ts'], { cwd: root });
  assert.equal(other.code, 0, other.stderr);
  assert.deepEqual(await parts(), { merge: ['part-1/'] });
  const usual = await runCli(['build'], { cwd: root });
  assert.equal(usual.code, 0, usual.stderr);
  assert.match(usual.stdout, /^Built \d+ pages/, 'not taken for the same build');
  assert.deepEqual(await parts(), { merge: [] });
});

test('--config naming no file fails with its path and leaves the output as it was', { timeout: 5 * 60_000 }, async () => {
  await runCli(['build'], { cwd: root });
  const before = await outputDigest(path.join(root, 'dist'));
  const missing = await runCli(['build', '--config', 'missing.config.ts'], { cwd: root });
  assert.notEqual(missing.code, 0);
  assert.match(missing.stderr, /missing\.config\.ts does not exist/);
  assert.match(missing.stderr, /config\.missing/);
  assert.equal(await outputDigest(path.join(root, 'dist')), before);
});

test('a problem of the definition --config names is located in that file', { timeout: 5 * 60_000 }, async () => {
  const run = await runCli(['build', '--config', 'unknown-search.config.ts'], { cwd: root });
  assert.notEqual(run.code, 0);
  assert.match(run.stderr, /unknown-search\.config\.ts/);
  assert.match(run.stderr, /search\.unknown-page/);
  assert.doesNotMatch(run.stderr, /(^|[^-])sitegen\.config\.ts/m);
});
