import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { islands as islandRegistry } from '../../client/islands/index.ts';
import { buildSite, type BuildResult } from '../../cli/build/build-site.ts';
import { loadInputs, markdownSources, renderSite, routeSite, validateSite, type PageReuse, type Renderer } from '../../cli/build/build-steps.ts';
import { everyBody } from '../../cli/build/page-cache.ts';
import { checkSite } from '../../cli/check/index.ts';
import { imageIndex } from '../../cli/images/image-index.ts';
import { planImage } from '../../cli/images/variant-plan.ts';
import { prepareMarkdown } from '../../cli/render/markdown/render-all-markdown.ts';
import * as compiledRenderer from '../../cli/render/render-page.tsx';
import { DiskWriter } from '../../cli/write/writers.ts';
import { editFile } from '../helpers/content.ts';
import { copyProject } from '../helpers/project-copy.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';

// Builds in this process, with a page cache of their own: what the page cache takes is only
// ever what a build without it would write, whatever state the cache is in.

const now = new Date('2026-11-21T00:00:00Z');
let tmp: string;
let content: string;
let cleanupProject: () => Promise<void>;
let cacheDir: string;
let builds = 0;

// A copy of the project: its client code and styles (the bundle) stay as they are while the checkout is edited.
let root: string;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-page-cache-'));
  ({ root, cleanup: cleanupProject } = await copyProject({ ownCache: true }));
  content = path.join(root, 'content');
  cacheDir = path.join(tmp, 'cache');
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
  await cleanupProject();
});

/** Builds the content copy into a new folder, with the page cache or (`clean`) without any. */
async function build(options: { clean?: boolean; checkLinks?: boolean } = {}): Promise<{ result: BuildResult; out: string }> {
  const out = path.join(tmp, `out-${++builds}`);
  const result = await buildSite({
    root, contentDir: content, writer: new DiskWriter(out), now, checkLinks: options.checkLinks,
    pageCache: options.clean ? undefined : { dir: cacheDir },
  });
  assert.equal(result.committed, true);
  return { result, out };
}

/** Every file of a built folder, by path. */
async function filesOf(out: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(out, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(out, file), await readFile(file));
  }
  return files;
}

/** Fails naming the files that differ, when two outputs are not byte for byte the same. */
async function assertSameOutput(actual: string, expected: string): Promise<void> {
  const [a, b] = await Promise.all([filesOf(actual), filesOf(expected)]);
  assert.deepEqual([...a.keys()].sort(), [...b.keys()].sort(), 'the same files');
  const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file);
  assert.deepEqual(differing, [], 'every file byte for byte the same');
}

/** The cache's index file (one per content folder) and its pages' HTML files by route. */
async function cacheFiles(): Promise<{ index: string; htmlOf: (route: string) => string }> {
  const [index] = (await readdir(cacheDir)).filter((name) => name.startsWith('index-'));
  const file = path.join(cacheDir, index!);
  const text = await readFile(file, 'utf8');
  const body = JSON.parse(text.slice(text.indexOf('\n') + 1)) as { strings: string[]; pages: [number, number, number][] };
  const html = new Map(body.pages.map(([route, , digest]) => [body.strings[route]!, body.strings[digest]!]));
  return { index: file, htmlOf: (route) => path.join(cacheDir, 'html', `${html.get(route)!}.html`) };
}

const postFile = () => path.join(content, 'posts', 'ai-powered-bug-reports.md');

test('a first build renders and stores every page; an unchanged rebuild renders none and writes the same files', async () => {
  const first = await build();
  assert.equal(first.result.renderedPages, first.result.pages.length);
  assert.equal(first.result.pageCache?.stored, first.result.pages.length);
  const again = await build();
  assert.equal(again.result.renderedPages, 0, 'rendered 0 pages');
  assert.equal(again.result.pageCache?.reused, again.result.pages.length);
  assert.deepEqual(again.result.links?.findings, []);
  assert.equal(again.result.links?.checked, first.result.links?.checked);
  await assertSameOutput(again.out, first.out);
});

test('an edited post body renders its page alone, and the output is a clean build’s', async () => {
  await editFile(postFile(), /^## /m, 'A sentence added to the body, with [a link](/blog/).\n\n## ');
  const incremental = await build();
  assert.equal(incremental.result.renderedPages, 1);
  await assertSameOutput(incremental.out, (await build({ clean: true })).out);
  const manifest = JSON.parse(await readFile(path.join(incremental.out, '.sitegen-manifest.json'), 'utf8')) as { links: Record<string, [string, number][]> };
  assert.ok(manifest.links['/blog/ai-powered-bug-reports/']!.some(([href]) => href === '/blog/'), 'the manifest has the new link');
});

test('cached pages that are truncated or corrupt are never trusted: those pages render again', async () => {
  await build();
  const { htmlOf } = await cacheFiles();
  await truncate(htmlOf('/'), 100);
  const html = await readFile(htmlOf('/blog'));
  html[html.length - 10] ^= 1;
  await writeFile(htmlOf('/blog'), html);
  const rebuilt = await build();
  assert.equal(rebuilt.result.renderedPages, 2, 'the truncated page and the one with a byte changed');
  await assertSameOutput(rebuilt.out, (await build({ clean: true })).out);
  assert.equal((await build()).result.renderedPages, 0, 'the pages rendered again were stored again');
});

/**
 * Changes a byte of `route`'s cached file, its size kept, and rewrites the index (its hash made
 * to match) to record the changed file's identity, as though it were the file a build hashed,
 * with the build that stored the index having begun checking files at `checkedAt(modification
 * time of the file in ms)`. Resolves with the changed bytes.
 */
async function plantChangedFile(route: string, checkedAt: (modifiedAt: number) => number): Promise<Buffer> {
  const { index, htmlOf } = await cacheFiles();
  const file = htmlOf(route);
  const html = await readFile(file);
  html[html.length - 10] ^= 1;
  await writeFile(file, html);
  const info = await stat(file, { bigint: true });
  const recorded = await readFile(index, 'utf8');
  const newline = recorded.indexOf('\n');
  const body = JSON.parse(recorded.slice(newline + 1)) as { checkedAt: number; strings: string[]; pages: number[][] };
  const page = body.pages.find(([routeString]) => body.strings[routeString!] === route)!;
  page[4] = body.strings.push(`${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}`) - 1;
  body.checkedAt = checkedAt(Number(info.mtimeNs / 1_000_000n));
  const text = JSON.stringify(body);
  const header = { ...(JSON.parse(recorded.slice(0, newline)) as object), sha256: createHash('sha256').update(text).digest('hex') };
  await writeFile(index, `${JSON.stringify(header)}\n${text}`);
  return html;
}

/** A cache two builds filled: the first stored every page, the second hashed each file and recorded its identity. */
async function cacheWithIdentities(): Promise<void> {
  await rm(cacheDir, { recursive: true, force: true });
  await build();
  assert.equal((await build()).result.renderedPages, 0);
}

test('a cached file that is, by identity, the file hashed before is taken unread', async () => {
  await cacheWithIdentities();
  const html = await plantChangedFile('/blog', () => Date.now() + 60_000);
  const { htmlOf } = await cacheFiles();
  const taken = await build();
  assert.equal(taken.result.renderedPages, 0, 'the file is taken by its recorded identity');
  assert.deepEqual(await readFile(path.join(taken.out, 'blog', 'index.html')), html, 'as it is, unread');
  // Any later write makes it another file by identity, however long before it the files were checked: it is read, found changed, and the page renders.
  html[html.length - 20] ^= 1;
  await writeFile(htmlOf('/blog'), html);
  const rewritten = await build();
  assert.equal(rewritten.result.renderedPages, 1, 'the rewritten file is read again');
  await assertSameOutput(rewritten.out, (await build({ clean: true })).out);
});

test('a cached file recorded within two seconds of being modified is hashed again: it could have changed again unseen', async () => {
  await cacheWithIdentities();
  await plantChangedFile('/blog', (changedAt) => changedAt + 1000);
  const racy = await build();
  assert.equal(racy.result.renderedPages, 1, 'the changed file is read again, and its page renders afresh');
  await assertSameOutput(racy.out, (await build({ clean: true })).out);
});

test('the index keeps its unchanged pages as stored and encodes the others, until a quarter of the pages were: then it is encoded whole', async () => {
  await cacheWithIdentities();
  const indexBody = async () => {
    const text = await readFile((await cacheFiles()).index, 'utf8');
    return JSON.parse(text.slice(text.indexOf('\n') + 1)) as { appended: number; strings: string[]; pages: unknown[] };
  };
  const whole = await indexBody();
  assert.equal(whole.appended, 0, 'every page was encoded afresh (their files were hashed and their identities recorded)');
  let last = whole;
  for (let edit = 1; edit <= whole.pages.length; edit++) {
    await editFile(postFile(), /^## /m, `Edit number ${edit} of the body.\n\n## `);
    const { result, out } = await build();
    assert.equal(result.renderedPages, 1);
    const body = await indexBody();
    if (body.appended === 0) {
      assert.ok(edit > whole.pages.length / 4, `encoded whole after ${edit} edits`);
      assert.ok(body.strings.length < last.strings.length, 'the strings only replaced pages used are gone');
      assert.equal(body.strings.length, new Set(body.strings).size);
      await assertSameOutput(out, (await build({ clean: true })).out);
      assert.equal((await build()).result.renderedPages, 0, 'the index encoded whole is read back');
      return;
    }
    assert.equal(body.appended, edit, 'one page encoded afresh per edit');
    assert.ok(body.strings.length > last.strings.length, 'the strings of the last index are kept, and the new page’s added');
    assert.deepEqual(body.strings.slice(0, last.strings.length), last.strings);
    if (edit === 1) await assertSameOutput(out, (await build({ clean: true })).out);
    last = body;
  }
  assert.fail('the index was never encoded whole again');
});

test('an index that is not one, truncated, oversized or of another generator is ignored: every page renders', async () => {
  const clean = await build({ clean: true });
  const { index } = await cacheFiles();
  const text = await readFile(index, 'utf8');
  const newline = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, newline)) as { generator: string; sha256: string };
  const body = text.slice(newline + 1);
  const foreignBody = body.replace(/^\{/, '{"extra":1,');
  const corruptions: [string, () => Promise<void>][] = [
    ['not an index', () => writeFile(index, 'not an index')],
    ['truncated', () => writeFile(index, text.slice(0, text.length - 200))],
    ['a byte changed', () => writeFile(index, text.slice(0, -20) + (text.at(-20) === '1' ? '2' : '1') + text.slice(-19))],
    ['larger than any index (sparse)', () => truncate(index, 300 * 1024 * 1024)],
    ['another generator’s, its hash made to match', () => writeFile(index, `${JSON.stringify({ ...header, generator: 'v0.0.1 of something else' })}\n${body}`)],
    ['of this generator but not shaped as one', () => writeFile(index, `${JSON.stringify({ ...header, sha256: createHash('sha256').update(foreignBody.replace(/"pages":\[\[/, '"pages":[["x",')).digest('hex') })}\n${foreignBody.replace(/"pages":\[\[/, '"pages":[["x",')}`)],
  ];
  for (const [what, corrupt] of corruptions) {
    await corrupt();
    const rebuilt = await build();
    assert.equal(rebuilt.result.renderedPages, rebuilt.result.pages.length, what);
    await assertSameOutput(rebuilt.out, clean.out);
    await writeFile(index, text);
  }
});

test('builds running at once share the cache without harm, and deleting it only costs time', async () => {
  await rm(cacheDir, { recursive: true, force: true });
  const [a, b] = await Promise.all([build(), build()]);
  const clean = await build({ clean: true });
  await assertSameOutput(a.out, clean.out);
  await assertSameOutput(b.out, clean.out);
  const after = await build();
  assert.equal(after.result.renderedPages, 0);
  await assertSameOutput(after.out, clean.out);
});

test('pages stored by a build without the link check are checked by the next build as check-links checks its output', async () => {
  await rm(cacheDir, { recursive: true, force: true });
  await build({ checkLinks: false });
  const checked = await build();
  assert.equal(checked.result.renderedPages, 0);
  const { durationMs: _, siteDir: __, ...fromBuild } = checked.result.links!;
  const { durationMs: ___, siteDir: ____, ...standalone } = await checkSite(checked.out);
  assert.deepStrictEqual(fromBuild, standalone);
});

test('a page depends on every Markdown body its render reads, however it reads it', async () => {
  const loaded = await loadInputs(root, content);
  const routed = routeSite(validateSite(loaded, { now }));
  const markdown = prepareMarkdown(content);
  try {
    const [post, other, third] = routed.model.posts;
    const reading = (route: { path: string }) => route.path === '/blog';
    const renderer: Renderer = {
      renderPage: (route, context) => {
        if (reading(route)) {
          context.markdown.get(other!.file);
          void third!.body.length;
        }
        if (route.path === '/') void [...context.markdown.keys()];
        return compiledRenderer.renderPage(route, context);
      },
      renderRedirect: compiledRenderer.renderRedirect,
    };
    const reads = new Map<string, ReadonlySet<string>>();
    const pageCache: PageReuse = { cached: new Map(), publish: () => undefined, keep: (page, read) => void reads.set(page.route.path, new Set(read)) };
    const sample = sampleBundle();
    const bundle = { ...sample, islands: Object.fromEntries(Object.keys(islandRegistry).map((name) => [name, sample.islands.BlogExplorer!])) };
    const images = imageIndex(routed.images, routed.rasterImages.map((image) => planImage(image)));
    await renderSite(routed, { bundle, markdown: markdown.renderAll(markdownSources(loaded.raw)), images, renderer, pageCache });
    assert.deepEqual([...reads.get('/blog')!].sort(), [other!.file, third!.file].sort());
    assert.deepEqual([...reads.get(`/blog/${post!.slug}`)!], [post!.file], 'a post page depends on its own body');
    assert.ok(reads.get('/')!.has(everyBody), 'going through all bodies depends on all of them');
    assert.equal(reads.get('/guides/playwright')!.size, 0);
  } finally {
    await markdown.close();
  }
});
