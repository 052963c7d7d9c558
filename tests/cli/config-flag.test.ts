import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { outputDigest } from '../helpers/build-output.ts';
import { runCliHere } from '../helpers/cli.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

// `--config`: the same project built, served and written to from another definition, here ones
// that import the tiny site's and index it for search one page per part, or write new posts
// with another body.

let root: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ root, cleanup } = await copyTinySite());
  await writeFile(
    path.join(root, 'parts.config.ts'),
    "import site from './sitegen.config.ts';\n\nexport default { ...site, search: { ...site.search!, pagesPerPart: 1 } };\n",
  );
  await writeFile(
    path.join(root, 'other-post.config.ts'),
    "import site from './sitegen.config.ts';\n\nexport default { ...site, archetypes: { post: { ...site.archetypes!.post!, body: 'Written from the other definition.\\n' } } };\n",
  );
  await writeFile(
    path.join(root, 'unknown-search.config.ts'),
    "import site from './sitegen.config.ts';\n\nexport default { ...site, search: { page: '/find' } };\n",
  );
});
after(() => cleanup());

const parts = async () =>
  JSON.parse(await readFile(path.join(root, 'dist', 'pagefind', 'parts.json'), 'utf8')) as { merge: string[] };

test(
  '--config builds from the definition it names; the next build without it is an ordinary build from sitegen.config.ts',
  { timeout: 5 * 60_000 },
  async () => {
    const other = await runCliHere(['build', '--config', 'parts.config.ts'], { cwd: root });
    assert.equal(other.code, 0, other.stderr);
    assert.deepEqual(await parts(), { merge: ['part-1/'] });
    const usual = await runCliHere(['build'], { cwd: root });
    assert.equal(usual.code, 0, usual.stderr);
    assert.match(usual.stdout, /^Built \d+ pages/, 'not taken for the same build');
    assert.deepEqual(await parts(), { merge: [] });
  },
);

test(
  '--config naming no file fails with its path and leaves the output as it was',
  { timeout: 5 * 60_000 },
  async () => {
    await runCliHere(['build'], { cwd: root });
    const before = await outputDigest(path.join(root, 'dist'));
    const missing = await runCliHere(['build', '--config', 'missing.config.ts'], { cwd: root });
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /missing\.config\.ts does not exist/);
    assert.match(missing.stderr, /config\.missing/);
    assert.equal(await outputDigest(path.join(root, 'dist')), before);
  },
);

test('a problem of the definition --config names is located in that file', { timeout: 5 * 60_000 }, async () => {
  const run = await runCliHere(['build', '--config', 'unknown-search.config.ts'], { cwd: root });
  assert.notEqual(run.code, 0);
  assert.match(run.stderr, /unknown-search\.config\.ts/);
  assert.match(run.stderr, /search\.unknown-page/);
  assert.doesNotMatch(run.stderr, /(^|[^-])sitegen\.config\.ts/m);
});

test('dev --config serves the site its definition makes', { timeout: 5 * 60_000 }, async () => {
  for (const [configFile, merge] of [
    [path.join(root, 'parts.config.ts'), ['part-1/']],
    [undefined, []],
  ] as const) {
    const { server, logs } = await startTestDevServer({ root, contentDir: path.join(root, 'content'), configFile });
    try {
      const response = await fetch(`${server.url}/pagefind/parts.json`);
      assert.equal(response.status, 200, logs.join('\n'));
      assert.deepEqual(await response.json(), { merge }, configFile ?? 'sitegen.config.ts');
    } finally {
      await server.close();
    }
  }
});

test(
  'new-post --config writes the post its definition describes; a --config naming no file writes nothing',
  { timeout: 5 * 60_000 },
  async () => {
    const made = await runCliHere(['new-post', 'From elsewhere', '--config', 'other-post.config.ts'], { cwd: root });
    assert.equal(made.code, 0, made.stderr);
    assert.match(
      await readFile(path.join(root, 'content', 'posts', 'from-elsewhere.md'), 'utf8'),
      /^Written from the other definition\.$/m,
    );
    const usual = await runCliHere(['new-post', 'From here'], { cwd: root });
    assert.equal(usual.code, 0, usual.stderr);
    assert.doesNotMatch(
      await readFile(path.join(root, 'content', 'posts', 'from-here.md'), 'utf8'),
      /other definition/,
    );
    const missing = await runCliHere(['new-post', 'Nowhere', '--config=missing.config.ts'], { cwd: root });
    assert.notEqual(missing.code, 0);
    assert.match(missing.stderr, /missing\.config\.ts does not exist/);
    await assert.rejects(readFile(path.join(root, 'content', 'posts', 'nowhere.md')));
  },
);

test('import and check-forms read the definition --config names', { timeout: 5 * 60_000 }, async () => {
  for (const args of [['import', 'content/posts'], ['check-forms']]) {
    const run = await runCliHere([...args, '--config', 'missing.config.ts'], { cwd: root });
    assert.notEqual(run.code, 0, args[0]);
    assert.match(run.stderr, /missing\.config\.ts does not exist/, args[0]);
  }
});
