import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Element } from 'domhandler';
import sharp from 'sharp';
import { buildSite, type BuildResult } from '../../cli/build/build-site.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { blogPostPath } from '../../cli/route/urls.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { runCli } from '../helpers/cli.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { photo, truncated } from '../helpers/images.ts';

// The real site, built to disk: its posts' screenshots and photos are published as responsive
// pictures, every file a page names exists and decodes, and bad images stop the build.

let tmp: string;
let outDir: string;
let result: BuildResult;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-images-build-'));
  outDir = path.join(tmp, 'dist');
  result = await buildSite({ root: projectRoot, writer: new DiskWriter(outDir), checkLinks: false, now: new Date('2026-11-21T00:00:00Z') });
});
after(() => rm(tmp, { recursive: true, force: true }));

const mediaFormats: Record<string, string> = { 'image/avif': 'heif', 'image/webp': 'webp', 'image/png': 'png', 'image/jpeg': 'jpeg' };

/** The HTML file of a post, as the build wrote it. */
function postFile(slug: string): string {
  const url = blogPostPath(slug);
  return path.join(outDir, url.replace(/^\//, '').replace(/\/?$/, '/index.html'));
}

/** Checks every srcset candidate of a picture: the file exists, decodes in the format named and is as wide as its descriptor. */
async function checkCandidates(picture: Element, attr: (element: Element, name: string) => string | undefined): Promise<number> {
  let checked = 0;
  const img = picture.children.find((child): child is Element => (child as Element).name === 'img')!;
  const fallbackType = `image/${path.extname(attr(img, 'src')!).slice(1).replace('jpg', 'jpeg')}`;
  const sets = [
    ...picture.children.filter((child): child is Element => (child as Element).name === 'source').map((source) => [attr(source, 'type')!, attr(source, 'srcset')!] as const),
    [fallbackType, attr(img, 'srcset')!] as const,
  ];
  assert.deepEqual(sets.map(([type]) => type).slice(0, 2), ['image/avif', 'image/webp']);
  for (const [type, srcset] of sets) {
    for (const candidate of srcset.split(',')) {
      const [url, descriptor] = candidate.trim().split(/\s+/);
      const meta = await sharp(await readFile(path.join(outDir, url!))).metadata();
      assert.equal(meta.format, mediaFormats[type], `${url} is ${type}`);
      assert.equal(`${meta.width}w`, descriptor, `${url} is as wide as its descriptor`);
      checked += 1;
    }
  }
  return checked;
}

test("gives each post's Markdown image a <picture> whose every srcset file exists and decodes at its width", async () => {
  let pictures = 0;
  for (const post of result.model.posts) {
    const markdownImages = ((await readFile(post.file, 'utf8')).match(/!\[[^\]]*\]\(\/images\//g) ?? []).length;
    const page = parsePage(await readFile(postFile(post.slug), 'utf8'));
    const prose = page.all((e) => e.name === 'div' && (e.attribs.class ?? '').split(' ').includes('prose'))[0]!;
    const inProse = page.all((e) => e.name === 'picture').filter((picture) => isInside(picture, prose));
    assert.equal(inProse.length, markdownImages, `${post.slug}: one picture per Markdown image`);
    for (const picture of inProse) {
      const img = picture.children.find((child): child is Element => (child as Element).name === 'img')!;
      assert.ok(page.attr(img, 'alt')!.length > 20, 'the alt text written in Markdown');
      assert.ok(Number(page.attr(img, 'width')) > 0 && Number(page.attr(img, 'height')) > 0);
      assert.deepEqual([page.attr(img, 'loading'), page.attr(img, 'decoding')], ['lazy', 'async']);
      assert.ok(await checkCandidates(picture, page.attr) >= 9);
      pictures += 1;
    }
  }
  assert.ok(pictures >= 2, `${pictures} pictures: the screenshot and the photo`);
});

test("a post's own image loads first with high priority; its figures and related posts' images load lazily", async () => {
  const page = parsePage(await readFile(postFile('ai-powered-bug-reports'), 'utf8'));
  const images = page.all((e) => e.name === 'img' && Boolean(e.attribs.src?.startsWith('/images/posts/')));
  const loading = images.map((img) => [page.attr(img, 'loading'), page.attr(img, 'fetchpriority') ?? null]);
  assert.ok(images.length >= 3, `${images.length} images: its own, its figure and related posts'`);
  assert.deepEqual(loading, [['eager', 'high'], ...images.slice(1).map(() => ['lazy', null])]);
});

test('writes the widest variant of each raster image at its own URL too', async () => {
  const own = await sharp(await readFile(path.join(outDir, 'images/posts/exploratory-session-desk.jpg'))).metadata();
  assert.deepEqual([own.format, own.width, own.height], ['jpeg', 1600, 1067]);
  assert.equal((await sharp(await readFile(path.join(outDir, 'images/posts/bug-report-checkout-discount.png'))).metadata()).width, 1200);
});

test('a second build of the unchanged site processes no image', async () => {
  const again = await buildSite({ root: projectRoot, writer: new MemoryWriter(), checkLinks: false, now: new Date('2026-11-21T00:00:00Z') });
  assert.deepEqual({ processed: again.images.processed, encoded: again.images.encoded }, { processed: 0, encoded: 0 });
  assert.ok(again.images.images >= 2);
});

test('a damaged image or a missing one stops the build at the file and line to fix; the previous output stays', async () => {
  const { dir, content, cleanup } = await copyContent();
  const out = path.join(dir, 'dist');
  const images = { cacheDir: path.join(dir, 'image-cache') };
  try {
    await buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out), checkLinks: false, images });
    const before = await outputDigest(out);
    await writeFile(path.join(content, 'images', 'posts', 'cut-short.jpg'), truncated(await photo(900, 600), 0.5));
    await assert.rejects(buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out), checkLinks: false, images }), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(error.errors.map((e) => [e.code, path.relative(content, e.file!)]), [['image.corrupt', 'images/posts/cut-short.jpg']]);
      return true;
    });
    assert.equal(await outputDigest(out), before, 'the previous output, byte for byte');
    assert.deepEqual((await readdir(images.cacheDir)).filter((name) => name.endsWith('.tmp')), []);
    await rm(path.join(content, 'images', 'posts', 'cut-short.jpg'));
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), '/images/posts/bug-report-checkout-discount.png', '/images/posts/bug-report-checkout-discont.png');
    await assert.rejects(buildSite({ root: projectRoot, contentDir: content, writer: new DiskWriter(out), checkLinks: false, images }), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line]), [['content.missing-image', 'posts/ai-powered-bug-reports.md', 65]]);
      assert.match(error.errors[0]!.hint!, /did you mean \/images\/posts\/bug-report-checkout-discount\.png\?/);
      return true;
    });
    assert.equal(await outputDigest(out), before);
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist', 'image-cache'], 'no staging folder is left behind');
  } finally {
    await cleanup();
  }
});

test('sitegen build exits 1 naming the Markdown line of an image without alt text', async () => {
  const { dir, content, cleanup } = await copyContent();
  try {
    await editFile(path.join(content, 'posts', 'future-of-manual-testing-with-ai.md'), /!\[A tester's desk[^\]]*\]/, '![]');
    const run = await runCli(['build', '--content', content, '--out', path.join(dir, 'out'), '--no-check-links']);
    assert.equal(run.code, 1, run.stdout);
    assert.match(run.stderr, /future-of-manual-testing-with-ai\.md:46:1 +Image "\/images\/posts\/exploratory-session-desk\.jpg" has no alt text +\[image\.missing-alt\]/);
    assert.match(run.stderr, /hint: .*"decorative"/);
  } finally {
    await cleanup();
  }
});

function isInside(element: Element, ancestor: Element): boolean {
  for (let node = element.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

/** A hash of every file under the output, by path: equal when not a byte changed. */
async function outputDigest(out: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(out, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name)).sort();
  for (const file of files) hash.update(`${path.relative(out, file)}\n`).update(await readFile(file));
  return hash.digest('hex');
}
