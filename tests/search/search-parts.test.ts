// A site's index in parts: the tiny site with one page per part, so its two posts make two parts.
// The index is searched as the site's search page searches it (Pagefind's own script, the
// other parts merged in from parts.json), served from the built folder on loopback.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import * as pagefind from 'pagefind';
import { Cache } from '../../cli/cache/cache.ts';
import { checkSite } from '../../cli/check/index.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import type { Route } from '../../cli/route/routes.ts';
import { SearchIndexer } from '../../cli/search/search-index.ts';
import { indexPart, partKey } from '../../cli/search/search-part.ts';
import { searchRecordOf } from '../../cli/search/search-record.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { editFile } from '../helpers/content.ts';
import { searchBuiltSite } from '../helpers/pagefind-search.ts';
import { loadedSite, tinyRoot } from '../helpers/sites.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';

const inParts = (pagesPerPart: number) => loadedSite({ ...tinyDefinition, search: { page: '/search', pagesPerPart } });
const pageCount = async (entryFile: string) =>
  Object.values(
    (JSON.parse(await readFile(entryFile, 'utf8')) as { languages: Record<string, { page_count: number }> }).languages,
  ).map((language) => language.page_count);
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

test('an index in parts is published part by part, listed in parts.json, and searched as one', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  const out = path.join(dir, 'dist');
  try {
    assert.equal(
      (await buildSite({ root: tinyRoot, site: inParts(1), contentDir: content, writer: new DiskWriter(out) }))
        .committed,
      true,
    );
    const index = path.join(out, 'pagefind');
    assert.deepEqual(JSON.parse(await readFile(path.join(index, 'parts.json'), 'utf8')), { merge: ['part-1/'] });
    assert.deepEqual(await pageCount(path.join(index, 'pagefind-entry.json')), [1]);
    assert.deepEqual(await pageCount(path.join(index, 'part-1', 'pagefind-entry.json')), [1]);
    assert.equal(
      await exists(path.join(index, 'part-1', 'pagefind.js')),
      false,
      'the script is published once, with the first part',
    );
    assert.equal(await exists(path.join(index, 'part-1', 'wasm.unknown.pagefind')), false, 'and so is the WebAssembly');
    assert.deepEqual((await checkSite(out)).findings, []);

    const site = await searchBuiltSite(out);
    try {
      assert.deepEqual(
        (await site.search('image')).map((page) => page.url),
        ['/posts/second/'],
        'a word of the first part',
      );
      assert.deepEqual(
        (await site.search('first')).map((page) => page.url),
        ['/posts/hello/'],
        'a word of the second part',
      );
      assert.deepEqual(
        (await site.search('post')).map((page) => page.url).sort(),
        ['/posts/hello/', '/posts/second/'],
        'a word of both',
      );
      assert.deepEqual(
        (await site.search(null, { tag: 'greeting' })).map((page) => page.url),
        ['/posts/hello/'],
        'filters span the parts',
      );
    } finally {
      await site.close();
    }
  } finally {
    await cleanup();
  }
});

test('a site with fewer pages than a part publishes one index, and parts.json lists no other', async () => {
  const writer = new MemoryWriter();
  await buildSite({ root: tinyRoot, site: inParts(2), writer, checkLinks: false });
  assert.equal(writer.text('pagefind/parts.json'), '{"merge":[]}\n');
  assert.equal(
    [...writer.files.keys()].some((file) => file.startsWith('pagefind/part-')),
    false,
  );
});

test('after an edit, the parts whose pages did not change come from the cache; --no-cache, or a stored part naming a file outside its folder, makes a part afresh', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  const out = path.join(dir, 'dist');
  const cache = new Cache(path.join(dir, 'cache'));
  const build = (withCache: Cache) =>
    buildSite({ root: tinyRoot, site: inParts(1), contentDir: content, writer: new DiskWriter(out), cache: withCache });
  try {
    await build(cache);
    // The part of the first post (the second, in route order, which lists the newest post first), as
    // the cache holds it, with a file no index has: seen in the output only when the part is read from the cache.
    const hello = await readFile(path.join(out, 'posts', 'hello', 'index.html'), 'utf8');
    const key = partKey([{ url: '/posts/hello/', record: searchRecordOf(hello)! }]);
    const stored = cache.getJson('search', key, (value): value is [string, string][] => Array.isArray(value));
    assert.ok(stored, 'the part is in the cache');
    cache.putJson('search', key, [...stored, ['marker.txt', Buffer.from('from the cache').toString('base64')]]);

    await editFile(path.join(content, 'posts', 'second.md'), 'A second post', 'A second post about zeppelins');
    await build(cache);
    assert.equal(
      await readFile(path.join(out, 'pagefind', 'part-1', 'marker.txt'), 'utf8'),
      'from the cache',
      'the unchanged part is the cached one',
    );
    const site = await searchBuiltSite(out);
    try {
      assert.deepEqual(
        (await site.search('zeppelins')).map((page) => page.url),
        ['/posts/second/'],
        'the edited part is indexed again',
      );
    } finally {
      await site.close();
    }
    await build(new Cache(undefined));
    assert.equal(await exists(path.join(out, 'pagefind', 'part-1', 'marker.txt')), false, '--no-cache reads no part');

    // A sound entry naming a file outside the index's folder is no part: it is made afresh, and nothing is written outside.
    for (const name of ['../../../escape.txt', '/tmp/escape.txt', 'fragment/../../escape.txt', './marker.txt']) {
      cache.putJson('search', key, [...stored, [name, Buffer.from('escaped').toString('base64')]]);
      await build(cache);
      assert.equal(await exists(path.join(dir, 'escape.txt')), false, name);
      assert.equal(await exists(path.join(out, 'escape.txt')), false, name);
      assert.equal(await exists(path.join(out, 'pagefind', 'part-1', 'marker.txt')), false, name);
      assert.deepEqual(
        cache.getJson('search', key, (value): value is unknown => true),
        stored,
        `${name}: the part stored again, as Pagefind makes it`,
      );
    }
  } finally {
    await cleanup();
  }
});

test('pages per part that are not a whole number of at least 1 are refused with their code', async () => {
  for (const pagesPerPart of [0, 2.5, Number.NaN]) {
    await assert.rejects(
      buildSite({ root: tinyRoot, site: inParts(pagesPerPart), writer: new MemoryWriter() }),
      (error: unknown) => {
        assert.ok(error instanceof SiteErrorList);
        assert.deepEqual(
          error.errors.map((e) => e.code),
          ['search.pages-per-part'],
        );
        assert.match(error.errors[0]!.file ?? '', /sitegen\.config\.ts$/);
        return true;
      },
    );
  }
});

test('no Pagefind process outlives the build that started it', async () => {
  const children = () =>
    spawnSync('ps', ['-o', 'comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((name) => name.startsWith('pagefind'));
  await buildSite({ root: tinyRoot, site: inParts(1), writer: new MemoryWriter(), checkLinks: false });
  // Stopped, then gone once the signal has done its work.
  for (let attempt = 0; attempt < 40 && children().length > 0; attempt++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  assert.deepEqual(children(), []);
});

test('a part lets go of each page once Pagefind has it, and makes the index Pagefind makes of every page handed over at once', async () => {
  const page = (n: number) => ({
    url: `/p${n}/`,
    record: searchRecordOf(
      `<!DOCTYPE html><html lang="en"><head><title>P${n}</title></head><body><main data-pagefind-body><h1>Page ${n}</h1><p>word${n} ${n % 3 === 0 ? 'shared' : 'other'}</p></main></body></html>`,
    )!,
  });
  const pages = Array.from({ length: 20 }, (_, n) => page(n));
  const files = await indexPart(pages, new Cache(undefined), (errors) => new Error(errors.join('; ')));
  assert.equal(pages.length, 0, 'the part holds none of its pages once they are sent');
  // The same pages handed to Pagefind all at once, in order, as parts were made before.
  const { index } = await pagefind.createIndex({});
  await Promise.all(
    Array.from({ length: 20 }, (_, n) => index!.addCustomRecord({ url: page(n).url, ...page(n).record })),
  );
  const whole = new Map((await index!.getFiles()).files.map((file) => [file.path, Buffer.from(file.content)]));
  await index!.deleteIndex();
  await pagefind.close();
  for (const [file, bytes] of files) assert.deepEqual(Buffer.from(bytes), whole.get(file), file);
});

test('a part is keyed by what search reads of its pages: a change outside it keeps the key, one inside it does not', () => {
  const page = (header: string, body: string) =>
    `<!DOCTYPE html><html lang="en"><head><title>P</title><script src="/assets/${header}.js"></script></head><body><header><a href="/${header}/">${header}</a></header><main data-pagefind-body><h1>Page</h1><p>${body}</p></main></body></html>`;
  const key = (header: string, body: string) => partKey([{ url: '/p/', record: searchRecordOf(page(header, body))! }]);
  assert.equal(key('menu', 'words'), key('another-menu', 'words'), 'the header and scripts are not indexed');
  assert.notEqual(key('menu', 'words'), key('menu', 'other words'), 'the body is');
});

test('the records read from pages are kept for the page cache to take once, and not kept at all without a cache', async () => {
  const html =
    '<!DOCTYPE html><html lang="en"><head><title>P</title></head><body><main data-pagefind-body><p>Words</p></main></body></html>';
  // The indexer reads only a route's file and address.
  const routes = [{ file: 'p/index.html', url: '/p/' }] as unknown as Route[];
  const { dir, cleanup } = await tinyContentCopy();
  try {
    for (const cache of [new Cache(path.join(dir, 'cache')), new Cache(undefined)]) {
      const indexer = new SearchIndexer(routes, 'sitegen.config.ts', cache);
      indexer.offer('p/index.html', html);
      if (cache.enabled) {
        assert.equal(indexer.recordOf('p/index.html')?.content, 'Words.');
        assert.equal(indexer.recordOf('p/index.html'), undefined, 'handed over once');
      } else assert.equal(indexer.recordOf('p/index.html'), undefined, 'nobody will take it');
      await indexer.finish();
    }
  } finally {
    await cleanup();
  }
});
