// Search on the tiny site (tests/sites/tiny): its definition asks for search at /search, its
// posts mark themselves with data-pagefind-body and a tag filter, its home page does not. The
// index the build writes is searched as a browser would search it: the site's own pagefind.js,
// fetching the index's chunks from the built folder served on loopback.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { checkSite } from '../../cli/check/index.ts';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { buildSite, type BuildOptions } from '../../cli/pipeline/build-site.ts';
import { searchRecordOf } from '../../cli/search/search-record.ts';
import { headersFor, parseHeadersFile } from '../../cli/static-host/header-rules.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { outputDigest, tinyContentCopy } from '../helpers/build-output.ts';
import { editFile } from '../helpers/content.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { searchBuiltSite, type SiteSearch } from '../helpers/pagefind-search.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';

let tmp: string;
let outDir: string;
let site: SiteSearch & { origin: string };
const build = (options: Partial<BuildOptions> & Pick<BuildOptions, 'writer'>) =>
  buildSite({ root: tinyRoot, site: tinySite, ...options });

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-search-'));
  outDir = path.join(tmp, 'dist');
  assert.equal((await build({ writer: new DiskWriter(outDir) })).committed, true);
  site = await searchBuiltSite(outDir);
});
after(async () => {
  await site?.close();
  await rm(tmp, { recursive: true, force: true });
});

test("the build writes the index and Pagefind's script under /pagefind/, for the pages that mark themselves", async () => {
  const entry = JSON.parse(await readFile(path.join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  assert.deepEqual(
    Object.values(entry.languages).map((language) => language.page_count),
    [2],
    'the two posts, and neither the home, search nor 404 page',
  );
  await readFile(path.join(outDir, 'pagefind', 'pagefind.js'));
  await assert.rejects(
    readFile(path.join(outDir, 'pagefind', 'pagefind-ui.js')),
    "Pagefind's ready-made interface is left out",
  );
});

test('check-links reads the index as the files it is: no finding, and every page checked', async () => {
  const report = await checkSite(outDir);
  assert.deepEqual(report.findings, []);
  assert.equal(report.pages, 5, 'home, two posts, search and 404; the index holds no page');
});

test("a word of a post's body finds the post, at its address, with the word marked in the excerpt", async () => {
  const found = await site.search('first');
  assert.deepEqual(
    found.map((page) => page.url),
    ['/posts/hello/'],
  );
  assert.match(found[0]!.excerpt, /<mark>first<\/mark>/);
  assert.equal(found[0]!.meta.title, 'Hello');
});

test('what lies outside data-pagefind-body, and pages without it, are not indexed', async () => {
  // "Search" is the search page's heading, "found" the 404 page's, "Home" the link under each post.
  assert.deepEqual(
    (await site.search('search')).map((page) => page.url),
    [],
  );
  assert.deepEqual(
    (await site.search('found')).map((page) => page.url),
    [],
  );
  // "home" is in the first post's body ("links back home"), and only there.
  assert.deepEqual(
    (await site.search('home')).map((page) => page.url),
    ['/posts/hello/'],
  );
});

test('a filter the page declares narrows the results', async () => {
  assert.deepEqual(await site.filters(), { tag: { greeting: 1 } });
  assert.deepEqual((await site.search('post')).map((page) => page.url).sort(), ['/posts/hello/', '/posts/second/']);
  assert.deepEqual(
    (await site.search('post', { tag: 'greeting' })).map((page) => page.url),
    ['/posts/hello/'],
  );
});

test('only the search page and the index may compile WebAssembly: every other page adds the policy without it', async () => {
  const rules = parseHeadersFile(await readFile(path.join(outDir, '_headers'), 'utf8'));
  const policies = (sitePath: string) => (headersFor(rules, sitePath)['Content-Security-Policy'] ?? '').split(', ');
  const allowsWasm = (sitePath: string) =>
    policies(sitePath).every((policy) => /script-src [^;]*'wasm-unsafe-eval'/.test(policy));
  assert.equal(allowsWasm('/search/'), true);
  assert.equal(allowsWasm('/pagefind/pagefind-worker.js'), true, "Pagefind's worker compiles it too");
  for (const sitePath of ['/', '/posts/hello/', '/404.html']) assert.equal(allowsWasm(sitePath), false, sitePath);
  for (const sitePath of ['/', '/search/', '/posts/hello/', '/pagefind/pagefind.js']) {
    for (const policy of policies(sitePath)) {
      assert.doesNotMatch(policy, /script-src[^;]*'unsafe-(inline|eval)'/, sitePath);
    }
  }
});

test('the search page loads nothing of Pagefind itself: it is told where the script is', async () => {
  const page = await readFile(path.join(outDir, 'search', 'index.html'), 'utf8');
  assert.match(page, /data-script="\/pagefind\/pagefind\.js"/);
  assert.doesNotMatch(page, /<script[^>]+pagefind/);
  assert.equal(searchRecordOf(page), undefined);
});

test('a page that shows the attribute in its text is not taken for one that marks itself', () => {
  assert.equal(
    searchRecordOf('<html><body><pre><code>&lt;main data-pagefind-body&gt;</code></pre></body></html>'),
    undefined,
  );
  assert.equal(searchRecordOf('<html><body><p title="a > b" data-pagefind-body="">x</p></body></html>')?.content, 'x.');
});

test('a build that fails while pages are being indexed, or whose links are broken, leaves the last output byte for byte', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  const out = path.join(dir, 'dist');
  try {
    assert.equal((await build({ contentDir: content, writer: new DiskWriter(out) })).committed, true);
    const before = await outputDigest(out);
    await editFile(
      path.join(content, 'posts', 'second.md'),
      'A second post',
      'A second post about zeppelins, linking [the first](/posts/helo/)',
    );
    assert.equal((await build({ contentDir: content, writer: new DiskWriter(out) })).committed, false);
    assert.equal(await outputDigest(out), before, 'the previous output and index, byte for byte');
    await editFile(
      path.join(content, 'posts', 'second.md'),
      '[the first](/posts/helo/)',
      '![a missing picture](/images/missing.svg)',
    );
    await assert.rejects(build({ contentDir: content, writer: new DiskWriter(out) }), SiteErrorList);
    assert.equal(await outputDigest(out), before, 'the previous output and index, byte for byte');
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist'], 'no staging folder is left behind');
  } finally {
    await cleanup();
  }
});

test('the same pages make the same index, whatever order they render in', async () => {
  const [first, second] = [new MemoryWriter(), new MemoryWriter()];
  await build({ writer: first, checkLinks: false, markdownThreads: 1 });
  await build({ writer: second, checkLinks: false, markdownThreads: 2 });
  const index = (writer: MemoryWriter) =>
    [...writer.files]
      .filter(([file]) => file.startsWith('pagefind/'))
      .map(([file, bytes]) => [file, Buffer.from(bytes).toString('base64')])
      .sort();
  assert.ok(index(first).length > 5);
  assert.deepEqual(index(first), index(second));
});

test('a search page the site does not have, or one sharing its folder, is refused with its code', async () => {
  const withSearch = (page: string) => loadedSite({ ...tinyDefinition, search: { page } });
  await assert.rejects(
    buildSite({ root: tinyRoot, site: withSearch('/find'), writer: new MemoryWriter() }),
    (error: unknown) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'search.unknown-page');
      assert.match(error.file ?? '', /sitegen\.config\.ts$/);
      return true;
    },
  );
  await assert.rejects(
    buildSite({ root: tinyRoot, site: withSearch('/posts/hello'), writer: new MemoryWriter() }),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => e.code),
        ['search.shared-folder'],
      );
      return true;
    },
  );
  const taken = loadedSite({ ...tinyDefinition, search: { page: '/search', folder: 'posts' } });
  await assert.rejects(buildSite({ root: tinyRoot, site: taken, writer: new MemoryWriter() }), (error: unknown) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual([...new Set(error.errors.map((e) => e.code))], ['search.folder-taken']);
    return true;
  });
});

test('what the site tells search to ignore is left out of the index: code blocks, with `ignore: ["pre"]`', async () => {
  // Without it, the first post's code is found like its text.
  assert.deepEqual(
    (await site.search('const')).map((page) => page.url),
    ['/posts/hello/'],
  );
  const ignoring = loadedSite({ ...tinyDefinition, search: { page: '/search', ignore: ['pre'] } });
  const out = path.join(tmp, 'dist-ignoring-code');
  assert.equal((await buildSite({ root: tinyRoot, site: ignoring, writer: new DiskWriter(out) })).committed, true);
  const searched = await searchBuiltSite(out);
  try {
    assert.deepEqual(
      (await searched.search('const')).map((page) => page.url),
      [],
    );
    assert.deepEqual(
      (await searched.search('first')).map((page) => page.url),
      ['/posts/hello/'],
      'the rest of the post is found',
    );
  } finally {
    await searched.close();
  }
});

test('an ignore entry that is no selector, or one that needs what follows an element, is refused with its code, at the definition', async () => {
  // A selector that looks at what follows an element cannot be matched as a page is read.
  const odd = loadedSite({ ...tinyDefinition, search: { page: '/search', ignore: ['pre', ' ', 'h2 + p'] } });
  await assert.rejects(buildSite({ root: tinyRoot, site: odd, writer: new MemoryWriter() }), (error: unknown) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(
      error.errors.map((e) => e.code),
      ['search.bad-ignore', 'search.bad-ignore'],
    );
    assert.match(error.errors[0]!.file ?? '', /sitegen\.config\.ts$/);
    return true;
  });
});
