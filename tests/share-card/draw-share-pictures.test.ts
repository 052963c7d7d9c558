import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, beforeEach, test } from 'node:test';
import sharp from 'sharp';
import { SiteErrorList } from '../../cli/errors.ts';
import { readCardAssets, type CardAssets } from '../../cli/share-card/card-assets.ts';
import { CardCache, forgetCachedCards } from '../../cli/share-card/card-cache.ts';
import { drawSharePictures } from '../../cli/share-card/draw-share-pictures.ts';
import type { ShareJob } from '../../cli/share-card/share-images.ts';
import { projectRoot } from '../helpers/content.ts';
import { contentRoot, loadSiteModel } from '../helpers/site-model.ts';

let assets: CardAssets;
let tmp: string;

before(async () => {
  const { model } = await loadSiteModel();
  assets = readCardAssets(projectRoot, model);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-cards-'));
});
after(() => rm(tmp, { recursive: true, force: true }));
beforeEach(() => forgetCachedCards());

const jobs: ShareJob[] = [
  { file: 'social/index.png', draw: 'card', text: { title: 'AI-Powered QA Engineers, Not Just Tools', kind: 'Embedded QA engineers' } },
  { file: 'social/blog/a.png', draw: 'card', text: { title: 'A post about flaky tests', kind: 'Tools' } },
  { file: 'social/logo.png', draw: 'logo' },
];

async function draw(cacheDir: string | undefined, list = jobs) {
  const files = new Map<string, Uint8Array>();
  const stats = await drawSharePictures(list, () => assets, { contentDir: contentRoot, cacheDir }, { write: (file, bytes) => files.set(file, bytes) });
  return { stats, files };
}

test('draws every picture once, then serves the next build from the cache folder without drawing', async () => {
  const cacheDir = path.join(tmp, 'warm');
  const first = await draw(cacheDir);
  assert.deepEqual(first.stats, { drawn: 3, cached: 0 });
  forgetCachedCards(); // a new process: only the folder remains
  const second = await draw(cacheDir);
  assert.deepEqual(second.stats, { drawn: 0, cached: 3 });
  assert.deepEqual([...second.files.keys()].sort(), ['social/blog/a.png', 'social/index.png', 'social/logo.png']);
  for (const [file, bytes] of first.files) assert.ok(Buffer.from(bytes).equals(Buffer.from(second.files.get(file)!)), file);
  const stored = await readdir(cacheDir);
  assert.equal(stored.length, 3);
  assert.ok(stored.every((name) => /^[0-9a-f]{64}\.png$/.test(name)), 'no temporary file is left behind');
});

test('an output that can link gets the cached files themselves, without their bytes being read', async () => {
  const cacheDir = path.join(tmp, 'linked');
  await draw(cacheDir);
  forgetCachedCards();
  const linked = new Map<string, string>();
  const written: string[] = [];
  const output = { write: (file: string) => written.push(file), link: (file: string, source: string) => linked.set(file, source) };
  assert.deepEqual(await drawSharePictures(jobs, () => assets, { contentDir: contentRoot, cacheDir }, output), { drawn: 0, cached: 3 });
  assert.deepEqual(written, []);
  assert.deepEqual([...linked.keys()].sort(), ['social/blog/a.png', 'social/index.png', 'social/logo.png']);
  for (const source of linked.values()) assert.equal(path.dirname(source), cacheDir);
});

test('a changed title is drawn again; the unchanged cards still come from the cache', async () => {
  const cacheDir = path.join(tmp, 'changed');
  await draw(cacheDir);
  forgetCachedCards();
  const edited: ShareJob[] = [...jobs.slice(0, 1), { file: 'social/blog/a.png', draw: 'card', text: { title: 'A post about flaky tests, revised', kind: 'Tools' } }, jobs[2]!];
  assert.deepEqual((await draw(cacheDir, edited)).stats, { drawn: 1, cached: 2 });
});

test('without a cache folder, a second build in the same process is served from memory', async () => {
  assert.equal((await draw(undefined)).stats.drawn, 3);
  assert.deepEqual((await draw(undefined)).stats, { drawn: 0, cached: 3 });
});

test('a picture of the cache that no build used for a week is removed; a recent one is kept', async () => {
  const cacheDir = path.join(tmp, 'prune');
  await draw(cacheDir);
  const old = path.join(cacheDir, `${'a'.repeat(64)}.png`);
  const recent = path.join(cacheDir, `${'b'.repeat(64)}.png`);
  await writeFile(old, 'x');
  await writeFile(recent, 'x');
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600 * 1000);
  await utimes(old, eightDaysAgo, eightDaysAgo);
  await new CardCache(cacheDir).prune();
  const names = await readdir(cacheDir);
  assert.ok(!names.includes(path.basename(old)));
  assert.ok(names.includes(path.basename(recent)));
});

test("a bad socialImage fails the run with every bad picture's located error", async () => {
  const content = path.join(tmp, 'content');
  await rm(content, { recursive: true, force: true });
  await mkdir(path.join(content, 'images'), { recursive: true });
  await writeFile(path.join(content, 'images', 'small.png'), await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } }).png().toBuffer());
  const bad: ShareJob[] = [
    { file: 'social/blog/a.png', draw: 'social-image', image: { url: '/images/small.png', socialImageAlt: 'x', file: 'content/posts/a.md', line: 8 } },
    { file: 'social/blog/b.png', draw: 'social-image', image: { url: '/images/missing.png', socialImageAlt: 'x', file: 'content/posts/b.md', line: 9 } },
  ];
  await assert.rejects(drawSharePictures(bad, () => assets, { contentDir: content }, { write: () => undefined }), (error: unknown) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(error.errors.map((e) => [e.code, e.file, e.line]).sort(), [['content.bad-social-image', 'content/posts/a.md', 8], ['content.missing-image', 'content/posts/b.md', 9]]);
    return true;
  });
});
