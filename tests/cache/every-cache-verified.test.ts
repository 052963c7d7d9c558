// Every named cache is verified, on a copy of the tiny site that gives every named cache
// entries (a raster image, share cards, a stylesheet, highlighted code and search): one entry of
// each, overwritten with another entry's sound bytes, then with garbage, is never used. The next
// build makes each value afresh, stores it again, and writes exactly what a build without any
// cache writes. A build without a cache (--no-cache) reads none of it and writes nothing into it.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { appendFile, copyFile, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { writeCachedBundle } from '../../cli/bundle/bundle-cache.ts';
import { Cache, cacheKey, cacheTable, type CacheName } from '../../cli/cache/cache.ts';
import { loadSite } from '../../cli/config/load-site.ts';
import { recordBuild, unchangedOutput, type BuildInputs } from '../../cli/pipeline/build-reuse.ts';
import { planImage } from '../../cli/images/variant-plan.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { assertSameOutput, tinySiteCopy } from '../helpers/build-output.ts';
import { projectRoot } from '../helpers/content.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import { flat } from '../helpers/images.ts';
import { loadedSite, tinySite } from '../helpers/sites.ts';
import { tinyCard } from '../helpers/tiny-card.ts';

const now = new Date('2026-11-21T00:00:00Z');
// Every page's card names its page, so that no two pages share a picture: each picture is drawn once.
const card = tinyCard();
const site = loadedSite({
  ...tinySite.definition,
  shareCard: { ...card, of: (route) => ({ kind: 'card', card: { title: route.path }, alt: route.path }) },
});

let root: string;
let contentDir: string;
let tmp: string;
let cleanup: () => Promise<void>;
let cache: Cache;
let cleanOut: string;
let first: BuildResult;
let firstOut: string;
let noCache: BuildResult;
let cacheBefore: string[];
let cacheAfter: string[];

before(async () => {
  ({ root, content: contentDir, cleanup } = await tinySiteCopy());
  // The compiled definition imports its packages from the project's node_modules.
  await symlink(path.join(projectRoot, 'node_modules'), path.join(root, 'node_modules'));
  tmp = path.join(root, 'runs');
  // A photo with variants in a post, and a second highlighted code block.
  await writeFile(path.join(contentDir, 'images', 'photo.png'), await flat(640, 400));
  await appendFile(
    path.join(contentDir, 'posts', 'second.md'),
    '\nA photo: ![A flat colour](/images/photo.png)\n\n```js\nlet other = 1;\n```\n',
  );
  cache = new Cache(path.join(tmp, 'cache'));
  firstOut = path.join(tmp, 'first');
  // As `sitegen build` does, the definition is loaded (compiled, and kept) before the build.
  await loadSite(root, configFile(), cache);
  first = await build(firstOut, cache);
  recordBuild(cache, inputsOf(firstOut), codeFiles, [], outcomeOf(first));
  cacheBefore = await cacheState();
  cleanOut = path.join(tmp, 'clean');
  noCache = await build(cleanOut, new Cache(undefined));
  cacheAfter = await cacheState();
});
after(() => cleanup());

function build(out: string, using: Cache): Promise<BuildResult> {
  return buildSite({ root, site, contentDir, writer: new DiskWriter(out), cache: using, now });
}

const codeFiles = ['sitegen.config.ts'];
const configFile = () => path.join(root, 'sitegen.config.ts');
const inputsOf = (out: string): BuildInputs => ({
  root,
  contentDir,
  out,
  settings: { now: now.toISOString() },
  env: {},
});
const outcomeOf = (result: BuildResult) => ({
  pages: result.pages.length,
  redirects: result.redirects,
  files: result.files,
  warnings: '',
  links: '',
});

/**
 * What `sitegen build` does with the cache: leaves an output whose record says nothing changed
 * as it is (undefined), else builds and records the build.
 */
async function buildLikeTheCli(out: string): Promise<BuildResult | undefined> {
  if (unchangedOutput(cache, inputsOf(out))) return undefined;
  await loadSite(root, configFile(), cache);
  const result = await build(out, cache);
  assert.equal(result.committed, true);
  recordBuild(cache, inputsOf(out), codeFiles, [], outcomeOf(result));
  return result;
}

/** Every file of the cache folder with its size, modification time and hash. */
async function cacheState(): Promise<string[]> {
  const state: string[] = [];
  for (const entry of await readdir(cache.folder!, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const info = await stat(file);
    const hash = entry.isFile()
      ? createHash('sha256')
          .update(await readFile(file))
          .digest('hex')
      : 'folder';
    state.push(`${path.relative(cache.folder!, file)} ${info.size} ${info.mtimeMs} ${hash}`);
  }
  return state.sort();
}

/** The entries of a named cache: key, file and payload (the bytes after the header line). */
async function entriesOf(name: CacheName): Promise<{ key: string; file: string; payload: Buffer }[]> {
  const entries = [];
  for (const entry of await readdir(path.join(cache.folder!, name), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^[0-9a-f]{64}$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const bytes = await readFile(file);
    entries.push({ key: entry.name, file, payload: bytes.subarray(bytes.indexOf(10) + 1) });
  }
  return entries;
}

/** One entry a build reads, and a sound entry of the same kind to put in its place. */
interface Target {
  name: CacheName;
  key: string;
  file: string;
  /** What the entry held: a build that refuses a spoilt entry stores this again. */
  payload: Buffer;
  donor: string;
}

/** An entry of each named cache that the next build reads, with another entry of its kind. */
async function targets(): Promise<Target[]> {
  /** An entry whose HTML (pages, Markdown bodies and code blocks keep JSON with `html`) is the target's, and one whose HTML is the donor's. */
  const pick = async (
    name: CacheName,
    isTarget: (html: string) => boolean,
    isDonor: (html: string) => boolean,
  ): Promise<Target> => {
    const entries = (await entriesOf(name)).map((entry) => ({
      ...entry,
      html: (JSON.parse(entry.payload.toString('utf8')) as { html: string }).html,
    }));
    const target = entries.find((entry) => isTarget(entry.html));
    const donor = entries.find((entry) => entry !== target && isDonor(entry.html));
    assert.ok(target && donor, `${name}: an entry to spoil and another to spoil it with`);
    return { name, key: target.key, file: target.file, payload: target.payload, donor: donor.file };
  };
  // The image variants' keys are known: the plan of each image names them.
  const images = (await loadImages(path.join(contentDir, 'images'))).raster.map((image) => planImage(image));
  const photo = images.find((plan) => plan.image.url === '/images/photo.png')!;
  const [widest, narrowest] = [
    photo.canonical!.key,
    photo.variants.find((variant) => variant.format === 'png' && variant.key !== photo.canonical!.key)!.key,
  ];
  // A sound bundle entry of another client, under a key of its own.
  writeCachedBundle(cache, cacheKey('another client'), {}, sampleBundle());
  recordBuild(cache, inputsOf(firstOut), codeFiles, [], outcomeOf(first));
  const bundleDonor = (await entriesOf('bundle')).find((entry) => entry.key === cacheKey('another client'))!;
  const bundleTarget = (await entriesOf('bundle')).find((entry) => entry.key !== cacheKey('another client'))!;
  // The site's index is one part; a sound part of another index, under a key of its own.
  cache.putJson('search', cacheKey('another index'), [['pagefind-entry.json', Buffer.from('{}').toString('base64')]]);
  const searchDonor = (await entriesOf('search')).find((entry) => entry.key === cacheKey('another index'))!;
  const searchTarget = (await entriesOf('search')).find((entry) => entry.key !== cacheKey('another index'))!;
  // The definition's compile is one entry; a sound entry of another definition, under a key of its own.
  cache.putJson('definitions', cacheKey('another definition'), { code: '', inputs: {}, files: {}, folders: {} });
  const definitionDonor = (await entriesOf('definitions')).find(
    (entry) => entry.key === cacheKey('another definition'),
  )!;
  const definitionTarget = (await entriesOf('definitions')).find(
    (entry) => entry.key !== cacheKey('another definition'),
  )!;
  const recordKey = (out: string) => cacheKey('build record', path.resolve(out));
  const variants = new Map((await entriesOf('images')).map((entry) => [entry.key, entry]));
  const records = await entriesOf('builds');
  const cards = await entriesOf('cards');
  return [
    await pick(
      'pages',
      (html) => html.includes('<h1>Hello</h1>'),
      (html) => html.includes('<h1>Second</h1>'),
    ),
    await pick(
      'markdown',
      (html) => html.includes('The first post.'),
      (html) => html.includes('A second post'),
    ),
    await pick(
      'highlight',
      (html) => html.includes('answer'),
      (html) => html.includes('other'),
    ),
    {
      name: 'images',
      key: widest,
      file: variants.get(widest)!.file,
      payload: variants.get(widest)!.payload,
      donor: variants.get(narrowest)!.file,
    },
    { name: 'cards', key: cards[0]!.key, file: cards[0]!.file, payload: cards[0]!.payload, donor: cards[1]!.file },
    {
      name: 'bundle',
      key: bundleTarget.key,
      file: bundleTarget.file,
      payload: bundleTarget.payload,
      donor: bundleDonor.file,
    },
    {
      name: 'search',
      key: searchTarget.key,
      file: searchTarget.file,
      payload: searchTarget.payload,
      donor: searchDonor.file,
    },
    {
      name: 'definitions',
      key: definitionTarget.key,
      file: definitionTarget.file,
      payload: definitionTarget.payload,
      donor: definitionDonor.file,
    },
    {
      name: 'builds',
      key: recordKey(path.join(tmp, 'warm')),
      file: records.find((entry) => entry.key === recordKey(path.join(tmp, 'warm')))!.file,
      payload: Buffer.alloc(0),
      donor: records.find((entry) => entry.key === recordKey(firstOut))!.file,
    },
  ];
}

test('the first build, filling the cache, writes what a build without a cache writes', async () => {
  assert.equal(first.committed, true);
  assert.equal(first.renderedPages, first.pages.length);
  assert.ok(first.images.encoded > 0 && first.shareCards.drawn > 0);
  assert.equal(first.shareCards.cached, 0, 'no two pages share a picture');
  await assertSameOutput(firstOut, cleanOut);
  for (const name of Object.keys(cacheTable) as CacheName[])
    assert.ok((await entriesOf(name)).length > 0, `the build kept entries in ${name}`);
});

test('a build without a cache reads nothing from a full cache and writes nothing into it', () => {
  assert.equal(noCache.renderedPages, noCache.pages.length, 'no page taken from the cache');
  assert.equal(noCache.images.processed, noCache.images.images, 'no image variant taken from the cache');
  assert.deepEqual(
    noCache.shareCards,
    { drawn: first.shareCards.drawn, cached: 0, warnings: [] },
    'no share picture taken from the cache',
  );
  assert.deepEqual(cacheAfter, cacheBefore, 'the cache folder, file for file, untouched');
});

test('a second build takes everything from the cache: no page rendered, no image encoded, no picture drawn', async () => {
  const warmOut = path.join(tmp, 'warm');
  const warm = await buildLikeTheCli(warmOut);
  assert.ok(warm);
  assert.equal(warm.renderedPages, 0);
  assert.equal(warm.images.encoded, 0);
  assert.deepEqual(warm.shareCards, { drawn: 0, cached: first.shareCards.drawn, warnings: [] });
  await assertSameOutput(warmOut, cleanOut);
  assert.equal(await buildLikeTheCli(warmOut), undefined, 'then nothing changed: the output is left as it is');
});

for (const [spoil, how] of [
  ["another entry's sound bytes", (target: Target) => copyFile(target.donor, target.file)],
  ['garbage', (target: Target) => writeFile(target.file, 'garbage, not an entry\n{"html":"<p>x</p>"}')],
] as const) {
  test(`one entry of every named cache overwritten with ${spoil} is never used: the next build makes each afresh and writes a clean build's files`, async () => {
    const warmOut = path.join(tmp, 'warm');
    const spoilt = await targets();
    assert.deepEqual(spoilt.map((target) => target.name).sort(), Object.keys(cacheTable).sort(), 'every named cache');
    for (const target of spoilt) await how(target);
    const rebuilt = await buildLikeTheCli(warmOut);
    assert.ok(rebuilt, 'the spoilt record of the last build is not taken for one: the build runs');
    assert.equal(rebuilt.renderedPages, 1, `the post whose cached page was spoilt: ${rebuilt.pages.length} pages`);
    assert.deepEqual(
      { processed: rebuilt.images.processed, encoded: rebuilt.images.encoded },
      { processed: 1, encoded: 1 },
      'the spoilt variant alone',
    );
    assert.deepEqual(
      rebuilt.shareCards,
      { drawn: 1, cached: first.shareCards.drawn - 1, warnings: [] },
      'the spoilt picture alone',
    );
    await assertSameOutput(warmOut, cleanOut);
    for (const target of spoilt.filter((entry) => entry.name !== 'builds')) {
      assert.deepEqual(
        cache.get(target.name, target.key),
        target.payload,
        `${target.name}: made afresh and stored again`,
      );
    }
    assert.ok(unchangedOutput(cache, inputsOf(warmOut)), 'builds: the build recorded again');
  });
}
