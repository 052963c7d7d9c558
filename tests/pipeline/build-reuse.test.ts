// The nothing-changed check (cli/pipeline/build-reuse.ts, the `builds` named cache): a build may
// leave its output as it is only when every input is byte for byte what the recorded build was
// made from and the output is exactly what that build left; anything else means a build.
import assert from 'node:assert/strict';
import { copyFile, cp, mkdir, mkdtemp, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import { Cache, cacheKey } from '../../cli/cache/cache.ts';
import {
  canSkip,
  inputFingerprint,
  recordBuild,
  recordOf,
  unchangedOutput,
  type BuildInputs,
  type BuildOutcome,
} from '../../cli/pipeline/build-reuse.ts';

let tmp: string;
let root: string;
let cache: Cache;
let inputs: BuildInputs;
const outcome: BuildOutcome = { pages: 2, redirects: 0, files: 3, warnings: '', links: '4 links checked' };
const codeFiles = ['sitegen.config.ts', 'templates/page.tsx'];
const envNames = ['SITE_URL'];

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-up-to-date-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

/** A project with two posts, two code files and an output folder, recorded as built. */
beforeEach(async () => {
  root = await mkdtemp(path.join(tmp, 'project-'));
  const files: Record<string, string> = {
    'sitegen.config.ts': 'export default {};\n',
    'templates/page.tsx': 'export const page = 1;\n',
    'content/posts/a.md': 'first text',
    'content/posts/b.md': 'other text',
    'dist/index.html': '<h1>Home</h1>',
    'dist/a/index.html': '<h1>A</h1>',
    'dist/sitemap.xml': '<urlset/>',
  };
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  cache = new Cache(path.join(root, 'cache'));
  inputs = {
    root,
    contentDir: path.join(root, 'content'),
    out: path.join(root, 'dist'),
    settings: { drafts: false, checkLinks: true },
    env: { SITE_URL: 'https://example.com', HOME: '/home/a' },
  };
  recordBuild(cache, inputs, codeFiles, envNames, outcome);
});

test('a build whose inputs and output are as recorded is up to date, with the recorded outcome', () => {
  const unchanged = unchangedOutput(cache, inputs);
  assert.deepEqual(unchanged?.outcome, outcome);
  assert.ok(Date.now() - Date.parse(unchanged!.builtAt) < 60_000);
});

test('a content file edited, even to text of the same size with its time put back, means a build', async () => {
  const file = path.join(root, 'content', 'posts', 'a.md');
  await writeFile(file, 'fresh text');
  const old = new Date(Date.now() - 3_600_000);
  await utimes(file, old, old);
  assert.equal(unchangedOutput(cache, inputs), undefined);
});

test('a content file added, removed or renamed, or a link in the content pointing elsewhere, means a build', async () => {
  const posts = path.join(root, 'content', 'posts');
  const edits: [string, () => Promise<void>, () => Promise<void>][] = [
    ['added', () => writeFile(path.join(posts, 'c.md'), 'new'), () => rm(path.join(posts, 'c.md'))],
    [
      'removed',
      () => rename(path.join(posts, 'b.md'), path.join(root, 'b.md')),
      () => rename(path.join(root, 'b.md'), path.join(posts, 'b.md')),
    ],
    [
      'renamed',
      () => rename(path.join(posts, 'b.md'), path.join(posts, 'b2.md')),
      () => rename(path.join(posts, 'b2.md'), path.join(posts, 'b.md')),
    ],
    [
      'an empty folder added',
      () => mkdir(path.join(posts, 'drafts')),
      () => rm(path.join(posts, 'drafts'), { recursive: true }),
    ],
  ];
  for (const [what, edit, undo] of edits) {
    await edit();
    assert.equal(unchangedOutput(cache, inputs), undefined, what);
    await undo();
    assert.ok(unchangedOutput(cache, inputs), `${what}, then undone: up to date again`);
  }
  await symlink('a.md', path.join(posts, 'link.md'));
  recordBuild(cache, inputs, codeFiles, envNames, outcome);
  assert.ok(unchangedOutput(cache, inputs));
  await rm(path.join(posts, 'link.md'));
  await symlink('b.md', path.join(posts, 'link.md'));
  assert.equal(unchangedOutput(cache, inputs), undefined, 'the link now points at another file');
});

test('a code file of the site edited, or a variable the site reads changed, means a build; one it does not read does not', async () => {
  assert.ok(
    unchangedOutput(cache, { ...inputs, env: { ...inputs.env, HOME: '/home/b', UNRELATED: '1' } }),
    'variables the site does not read',
  );
  assert.equal(
    unchangedOutput(cache, { ...inputs, env: { ...inputs.env, SITE_URL: 'https://staging.example.com' } }),
    undefined,
    'SITE_URL changed',
  );
  assert.equal(unchangedOutput(cache, { ...inputs, env: { HOME: '/home/a' } }), undefined, 'SITE_URL unset');
  await writeFile(path.join(root, 'templates', 'page.tsx'), 'export const page = 2;\n');
  assert.equal(unchangedOutput(cache, inputs), undefined, 'a template edited');
});

test('other flags, another content folder or another output folder mean a build', async () => {
  assert.equal(
    unchangedOutput(cache, { ...inputs, settings: { ...inputs.settings, drafts: true } }),
    undefined,
    '--drafts',
  );
  assert.equal(
    unchangedOutput(cache, { ...inputs, out: path.join(root, 'other') }),
    undefined,
    'another --out, never built',
  );
  await mkdir(path.join(root, 'content2'));
  await copyFile(path.join(root, 'content', 'posts', 'a.md'), path.join(root, 'content2', 'a.md'));
  assert.equal(
    unchangedOutput(cache, { ...inputs, contentDir: path.join(root, 'content2') }),
    undefined,
    'another --content',
  );
});

test('an output touched since the build (a file rewritten as it was, added, removed, or the folder replaced by a copy) means a build', async () => {
  const out = inputs.out;
  const changes: [string, () => Promise<void>][] = [
    ['a file rewritten with the same bytes', () => writeFile(path.join(out, 'index.html'), '<h1>Home</h1>')],
    ['a file added', () => writeFile(path.join(out, 'extra.txt'), 'x')],
    ['a file removed', () => rm(path.join(out, 'sitemap.xml'))],
    [
      'the folder replaced by a copy of itself',
      async () => {
        await rename(out, `${out}-old`);
        await cp(`${out}-old`, out, { recursive: true, preserveTimestamps: true });
        await rm(`${out}-old`, { recursive: true });
      },
    ],
  ];
  for (const [what, change] of changes) {
    recordBuild(cache, inputs, codeFiles, envNames, outcome);
    assert.ok(unchangedOutput(cache, inputs), `before: ${what}`);
    await change();
    assert.equal(unchangedOutput(cache, inputs), undefined, what);
  }
  await rm(out, { recursive: true });
  assert.equal(unchangedOutput(cache, inputs), undefined, 'no output at all');
});

test("a record that is garbage, another output folder's, or of another shape is no record: the build runs", async () => {
  const other = { ...inputs, out: path.join(root, 'dist') + '-other' };
  await mkdir(other.out);
  recordBuild(cache, other, codeFiles, envNames, outcome);
  assert.ok(unchangedOutput(cache, other));
  const recordOf = (out: string) =>
    path.join(cache.folder!, 'builds', cacheKey('build record', out).slice(0, 2), cacheKey('build record', out));
  assert.ok(unchangedOutput(cache, inputs));
  await copyFile(recordOf(other.out), recordOf(inputs.out));
  assert.equal(unchangedOutput(cache, inputs), undefined, "another output's record");
  await writeFile(recordOf(inputs.out), 'garbage');
  assert.equal(unchangedOutput(cache, inputs), undefined, 'garbage');
  cache.putJson('builds', cacheKey('build record', inputs.out), {
    version: 3,
    fingerprint: inputFingerprint(inputs, codeFiles, envNames),
  });
  assert.equal(unchangedOutput(cache, inputs), undefined, "a sound entry without the output's state or outcome");
});

test('without a cache (--no-cache) nothing is recorded and no output is ever up to date', () => {
  const none = new Cache(undefined);
  recordBuild(none, inputs, codeFiles, envNames, outcome);
  assert.equal(unchangedOutput(none, inputs), undefined);
});

test('the fingerprint is undefined when a code file the record names is gone: the build runs', async () => {
  await rm(path.join(root, 'templates', 'page.tsx'));
  assert.equal(inputFingerprint(inputs, codeFiles, envNames), undefined);
  assert.equal(unchangedOutput(cache, inputs), undefined);
});

test('the decision is pure: the output is left as it is only when the fingerprint and the output are both as recorded', () => {
  const output = { id: '1:2', files: [['index.html', 10, '5', 7]] as [string, number, string, number][] };
  const beside = [['.sitegen/hosts/worker.js', 20, '8', 8]] as [string, number, string, number][];
  const record = recordOf(
    {
      fingerprint: 'f',
      codeFiles: [],
      envNames: [],
      output,
      beside,
      outcome: { pages: 1, redirects: 0, files: 1, warnings: '', links: '' },
    },
    new Date(0),
  );
  assert.equal(record.builtAt, '1970-01-01T00:00:00.000Z');
  assert.equal(
    canSkip(record, { fingerprint: 'f', output: structuredClone(output), beside: structuredClone(beside) }),
    true,
  );
  assert.equal(canSkip(record, { fingerprint: 'g', output, beside }), false, 'other inputs');
  assert.equal(canSkip(record, { fingerprint: undefined, output, beside }), false, 'inputs that cannot be read');
  assert.equal(canSkip(record, { fingerprint: 'f', output: undefined, beside }), false, 'no output');
  assert.equal(
    canSkip(record, { fingerprint: 'f', output: { ...output, id: '1:3' }, beside }),
    false,
    'another folder in its place',
  );
  assert.equal(
    canSkip(record, { fingerprint: 'f', output: { ...output, files: [['index.html', 10, '6', 7]] }, beside }),
    false,
    'a file touched',
  );
  assert.equal(canSkip(record, { fingerprint: 'f', output, beside: undefined }), false, 'a file beside it gone');
  assert.equal(
    canSkip(record, { fingerprint: 'f', output, beside: [['.sitegen/hosts/worker.js', 20, '9', 8]] }),
    false,
    'a file beside it touched',
  );
});
