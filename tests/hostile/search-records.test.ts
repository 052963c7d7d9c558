// A page cache entry carries what search indexes of its page, handed to Pagefind as it is. An
// entry whose check holds but whose record is not one (written by another version, or by hand)
// is not taken: the page is rendered again and read again, and search still finds it.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { searchRecordOf } from '../../cli/search/search-record.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { searchBuiltSite } from '../helpers/pagefind-search.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

let tmp: string;
let content: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir: tmp, content, cleanup } = await tinyContentCopy());
});
after(() => cleanup());

test('a cached page whose search record is malformed is rendered and read again', async () => {
  const folder = path.join(tmp, 'cache');
  const out = path.join(tmp, 'dist');
  const build = () =>
    buildSite({
      root: tinyRoot,
      site: tinySite,
      contentDir: content,
      writer: new DiskWriter(out),
      cache: new Cache(folder),
      checkLinks: false,
    });
  await build();
  const cache = new Cache(folder);
  // One post's record is no record, the other's metadata is a list instead of names and values.
  const malformed = [{ content: 42 }, { content: 'x', language: 'en', meta: ['a title'], filters: {}, sort: {} }];
  let forged = 0;
  for (const entry of await readdir(path.join(folder, 'pages'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/^[0-9a-f]{64}$/.test(entry.name)) continue;
    const page = cache.getJson(
      'pages',
      entry.name,
      (value): value is { search?: unknown } => typeof value === 'object',
    );
    if (!page?.search) continue;
    cache.putJson('pages', entry.name, { ...page, search: malformed[forged] });
    forged++;
  }
  assert.equal(forged, 2, 'the two posts carried records');
  const result = await build();
  assert.equal(result.committed, true);
  assert.equal(result.renderedPages, 2, 'both posts rendered again');
  const site = await searchBuiltSite(out);
  try {
    const [hello] = await site.search('first');
    assert.equal(hello?.url, '/posts/hello/');
    assert.equal(hello?.meta.title, 'Hello');
  } finally {
    await site.close();
  }
});

test("a page's attribute names are names, not an object's keys: `constructor` or `__proto__` reads as no attribute", () => {
  const record = searchRecordOf(
    '<html lang="en"><body><main data-pagefind-body><h1>Title</h1>' +
      '<img src="/a.png" data-pagefind-index-attrs="constructor,__proto__,alt" alt="Alt text">' +
      '<p data-pagefind-meta="odd[toString], other[__proto__]">Body</p></main></body></html>',
  );
  assert.ok(record);
  assert.equal(record.content, '___PAGEFIND_AUTO_WEIGHT___7 Title. ___END_PAGEFIND_WEIGHT___ Alt text. Body.');
  assert.equal(record.meta.odd, '');
  assert.equal(record.meta.other, '');
});
