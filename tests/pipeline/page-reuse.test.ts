// The page cache (cli/pipeline/page-reuse.ts, the `pages` named cache), on a copy of the tiny site
// built in this process: a page is taken from the cache only when everything it is made from is
// unchanged, and what a build writes with it is exactly what a build without any cache writes,
// whatever state the cache is in.
import assert from 'node:assert/strict';
import { copyFile, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { checkSite } from '../../cli/check/index.ts';
import type { SiteDefinition } from '../../cli/config/site-definition.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { inlineScriptsOf, scriptHashSource } from '../../cli/render/inline-scripts.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { assertSameOutput, tinyContentCopy } from '../helpers/build-output.ts';
import { editFile } from '../helpers/content.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';

let tmp: string;
let content: string;
let cleanup: () => Promise<void>;
let cacheDir: string;
let builds = 0;

before(async () => {
  ({ dir: tmp, content, cleanup } = await tinyContentCopy());
  cacheDir = path.join(tmp, 'cache');
});
after(() => cleanup());

/** Builds the content copy into a new folder, with the cache or (`clean`) without any. */
async function build(
  options: { clean?: boolean; checkLinks?: boolean; site?: typeof tinySite } = {},
): Promise<{ result: BuildResult; out: string }> {
  const out = path.join(tmp, `out-${++builds}`);
  const result = await buildSite({
    root: tinyRoot,
    site: options.site ?? tinySite,
    contentDir: content,
    writer: new DiskWriter(out),
    checkLinks: options.checkLinks,
    cache: new Cache(options.clean ? undefined : cacheDir),
  });
  assert.equal(result.committed, true);
  return { result, out };
}

/** Builds with the cache, then without any; both must write the same files. Returns the build with the cache. */
async function assertCachedIsClean(what: string): Promise<BuildResult> {
  const cached = await build();
  await assertSameOutput(cached.out, (await build({ clean: true })).out, what);
  return cached.result;
}

/** The `pages` entries of the cache, by the <title> of the page each holds. */
async function pageEntries(): Promise<Map<string, string>> {
  const folder = path.join(cacheDir, 'pages');
  const entries = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^[0-9a-f]{64}$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8');
    const { html } = JSON.parse(text.slice(text.indexOf('\n') + 1)) as { html: string };
    entries.set(/<title>([^<]*)<\/title>/.exec(html)![1]!, file);
  }
  return entries;
}

const post = (name: string) => path.join(content, 'posts', name);

test('a first build renders and stores every page; an unchanged rebuild renders none and writes the same files', async () => {
  const first = await build();
  assert.equal(first.result.renderedPages, first.result.pages.length);
  assert.deepEqual([...(await pageEntries()).keys()].sort(), ['Hello', 'Not found', 'Search', 'Second', 'Tiny']);
  const again = await build();
  assert.equal(again.result.renderedPages, 0);
  assert.deepEqual(again.result.links?.findings, []);
  assert.equal(
    again.result.links?.checked,
    first.result.links?.checked,
    "the cached pages' links are checked as the rendered ones were",
  );
  await assertSameOutput(again.out, first.out);
});

test("an edited post body renders its page alone, and the output is a clean build's", async () => {
  await build();
  await editFile(post('hello.md'), 'The first post.', 'The first post, edited, with [a link](/posts/second/).');
  const incremental = await assertCachedIsClean('a post body');
  assert.equal(incremental.renderedPages, 1);
  assert.deepEqual(
    incremental.pages.map((page) => page.route.path),
    ['/', '/posts/second', '/posts/hello', '/search', '/404'],
    'every page is in the result, in route order',
  );
  const out = path.join(tmp, `out-${builds - 1}`);
  const manifest = JSON.parse(await readFile(path.join(out, '.sitegen-manifest.json'), 'utf8')) as {
    links: Record<string, [string, number][]>;
  };
  assert.ok(
    manifest.links['/posts/hello/']!.some(([href]) => href === '/posts/second/'),
    'the manifest has the new link',
  );
});

test("an edited title renders every page that shows it; the output is a clean build's", async () => {
  await build();
  await editFile(post('second.md'), 'title: Second', 'title: The second, retitled');
  const incremental = await assertCachedIsClean('front matter');
  assert.ok(incremental.renderedPages >= 2, `${incremental.renderedPages} pages: the post and the home page list it`);
});

test("cached pages cut short, of garbage or another page's are never taken: those pages render again", async () => {
  await rm(cacheDir, { recursive: true, force: true });
  await build();
  const entries = await pageEntries();
  await truncate(entries.get('Tiny')!, 100);
  await writeFile(entries.get('Not found')!, 'garbage');
  const second = [...entries].find(([title]) => /second/i.test(title))![1];
  await copyFile(second, entries.get('Hello')!);
  const rebuilt = await assertCachedIsClean('with three pages of the cache spoilt');
  assert.equal(rebuilt.renderedPages, 3, "the truncated page, the garbage and the other page's entry");
  assert.equal((await build()).result.renderedPages, 0, 'the pages rendered again were stored again');
});

test('a site whose code changed (another code hash, as an edited template gives) renders every page', async () => {
  await build();
  const edited = { ...tinySite, codeHash: `${tinySite.codeHash} edited` };
  const other = await build({ site: edited });
  assert.equal(other.result.renderedPages, other.result.pages.length);
  await assertSameOutput(other.out, (await build({ clean: true })).out);
  assert.equal((await build({ site: edited })).result.renderedPages, 0);
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
  await rm(cacheDir, { recursive: true, force: true });
  const deleted = await build();
  assert.equal(deleted.result.renderedPages, deleted.result.pages.length);
  await assertSameOutput(deleted.out, clean.out);
});

test('pages stored by a build without the link check are checked by the next build as check-links checks its output', async () => {
  await rm(cacheDir, { recursive: true, force: true });
  await build({ checkLinks: false });
  const checked = await build();
  assert.equal(checked.result.renderedPages, 0);
  const { durationMs: _, siteDir: __, ...fromBuild } = checked.result.links!;
  const { durationMs: ___, siteDir: ____, ...standalone } = await checkSite(checked.out);
  assert.deepStrictEqual(fromBuild, standalone);
  assert.ok(fromBuild.checked >= 8);
});

test('a page sees the Markdown bodies its route names and no other, so its key covers every body it can show', async () => {
  const seen = new Map<string, string[]>();
  const definition: SiteDefinition<TinyModel, TinyPage> = {
    ...tinySite.definition,
    render: (page, context) => {
      seen.set(
        context.route.path,
        [...context.markdown.keys()].map((file) => path.basename(file)),
      );
      return tinySite.definition.render(page, context);
    },
  };
  const recording = loadedSite(definition);
  await buildSite({
    root: tinyRoot,
    site: recording,
    contentDir: content,
    writer: new DiskWriter(path.join(tmp, `out-${++builds}`)),
    checkLinks: false,
  });
  // The redirect's page is the engine's own: the tiny site has no redirect page to render.
  assert.deepEqual(Object.fromEntries(seen), {
    '/': [],
    '/posts/second': ['second.md'],
    '/posts/hello': ['hello.md'],
    '/search': [],
    '/404': [],
  });
});

test('a stored page keeps what search indexes of it, and a page taken from the cache is indexed by that, not read for it again', async () => {
  await rm(cacheDir, { recursive: true, force: true });
  await build();
  const entries = await pageEntries();
  const cache = new Cache(cacheDir);
  // An earlier test retitled the second post.
  const stored = (title: string) => {
    const key = path.basename(
      [...entries].find(([each]) => each === title || (title === 'Second' && /second/i.test(each)))![1],
    );
    return {
      key,
      page: cache.getJson(
        'pages',
        key,
        (value): value is { search?: { content: string } | null } => typeof value === 'object' && value !== null,
      )!,
    };
  };
  assert.deepEqual(
    ['Hello', 'Second', 'Tiny', 'Search'].map((title) => {
      const { search } = stored(title).page;
      return search === null ? null : typeof search?.content;
    }),
    ['string', 'string', null, null],
    'the posts keep their records; the home and search pages, that they have none',
  );
  // A sound entry whose page says it is not for search: the build takes it at its word.
  const hello = stored('Hello');
  cache.putJson('pages', hello.key, { ...hello.page, search: null });
  const taken = await build();
  assert.equal(taken.result.renderedPages, 0);
  const index = JSON.parse(await readFile(path.join(taken.out, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  assert.deepEqual(
    Object.values(index.languages).map((language) => language.page_count),
    [1],
    'the second post alone',
  );
});

test('a stored page keeps the inline scripts it runs: a page taken from the cache brings their hashes to the Content-Security-Policy, and is not read for them again', async () => {
  await rm(cacheDir, { recursive: true, force: true });
  const first = await build();
  const entries = await pageEntries();
  const cache = new Cache(cacheDir);
  const key = path.basename(entries.get('Hello')!);
  const page = cache.getJson(
    'pages',
    key,
    (value): value is { html: string; inlineScripts?: string[] } => typeof value === 'object' && value !== null,
  )!;
  assert.deepEqual(page.inlineScripts, inlineScriptsOf(page.html));
  // A sound entry whose page says it runs another script: the build takes it at its word.
  cache.putJson('pages', key, { ...page, inlineScripts: ['window.taken = 1;'] });
  const taken = await build();
  assert.equal(taken.result.renderedPages, 0);
  const headers = await readFile(path.join(taken.out, '_headers'), 'utf8');
  assert.ok(headers.includes(scriptHashSource('window.taken = 1;')), headers);
  assert.ok(
    !(await readFile(path.join(first.out, '_headers'), 'utf8')).includes(scriptHashSource('window.taken = 1;')),
  );
  // Scripts that are not a list of texts make no page of the cache: the page renders again.
  cache.putJson('pages', key, { ...page, inlineScripts: 'window.taken = 1;' });
  const rendered = await build();
  assert.equal(rendered.result.renderedPages, 1);
  assert.equal(
    await readFile(path.join(rendered.out, '_headers'), 'utf8'),
    await readFile(path.join(first.out, '_headers'), 'utf8'),
  );
});
