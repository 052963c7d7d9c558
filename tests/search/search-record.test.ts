// Search finds the same pages, in the same order, with the same titles, metadata, filters and
// excerpts, whether Pagefind reads each page's HTML itself (its `addHTMLFile`, the reference,
// made here) or is handed the record the build reads from it (`addCustomRecord`). The pages
// (tests/fixtures/search-records) carry what the site's pages carry for search: metadata and
// filters in the head, a body, regions left out, headings, code, another language, a summary
// the page does not show.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { after, before, test } from 'node:test';
import * as pagefind from 'pagefind';
import { Cache } from '../../cli/cache/cache.ts';
import { indexFiles, indexPart, type PartFiles } from '../../cli/search/search-part.ts';
import { compileIgnore, ignoreSelectorProblem, searchRecordOf } from '../../cli/search/search-record.ts';
import { searchBuiltSite, type FoundPage, type SiteSearch } from '../helpers/pagefind-search.ts';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'search-records');
const ignore = ['pre', '.aside > p:first-child'];

let tmp: string;
let pages: { url: string; html: string }[];
let reference: SiteSearch;
let records: SiteSearch;
let madeFrom: { html: PartFiles; records: PartFiles };

/** Pagefind reading the HTML itself, as the build did before it read records. */
async function indexHtml(): Promise<PartFiles> {
  const { index } = await pagefind.createIndex({ excludeSelectors: ignore });
  for (const page of pages) await index!.addHTMLFile({ url: page.url, content: page.html });
  const { files } = await index!.getFiles();
  await index!.deleteIndex();
  return new Map(files.map((file) => [file.path, file.content]));
}

/** The build's way: each page read into its record, the records indexed. */
async function indexRecords(): Promise<PartFiles> {
  const tests = compileIgnore(ignore);
  const read = pages.flatMap((page) => {
    const record = searchRecordOf(page.html, tests);
    return record ? [{ url: page.url, record }] : [];
  });
  return indexPart(read, new Cache(undefined), (errors) => new Error(errors.join('; ')));
}

async function publish(name: string, part: PartFiles): Promise<SiteSearch> {
  const dir = path.join(tmp, name);
  for (const [file, bytes] of indexFiles([part])) {
    const target = path.join(dir, 'pagefind', file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes);
  }
  return searchBuiltSite(dir);
}

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-search-records-'));
  const files = (await readdir(fixtures)).sort();
  pages = await Promise.all(
    files.map(async (file) => ({
      url: `/${file.replace(/\.html$/, '')}/`,
      html: await readFile(path.join(fixtures, file), 'utf8'),
    })),
  );
  const html = await indexHtml();
  const made = await indexRecords();
  await pagefind.close();
  madeFrom = { html, records: made };
  reference = await publish('html', html);
  records = await publish('records', made);
});
after(async () => {
  await reference?.close();
  await records?.close();
  await rm(tmp, { recursive: true, force: true });
});

const queries: [string, (string | null)?, Record<string, string>?][] = [
  ['quokka', 'in bodies and in a heading: the heading weighs more'],
  ['installing', 'in a heading, and in a body'],
  ['selectors', 'weighed by data-pagefind-weight, and in a summary'],
  ['zeppelins', 'only in a summary the page does not show'],
  ['falconer', 'only in a region marked data-pagefind-ignore'],
  ['excludedword', 'only in a region marked data-pagefind-ignore="all"'],
  ['secretcode', "only in code, which the site's ignore selectors leave out"],
  ['hiddenlead', 'only in what an ignore selector with a child combinator matches'],
  ['visible', 'beside it'],
  ['navigationword', 'only in the navigation, outside the body'],
  ['footerword', 'only in the footer'],
  ['formword', 'only in a form'],
  ['homepage', 'only on a page without a body'],
  ['retry', 'in quotes at the end of a paragraph'],
  ['boldtext', 'inline elements do not split a word'],
  ['anchoredwords', 'an element with an id does'],
  ['words', 'after an anchored element'],
  ['résumé', 'accented words'],
  ['tests', 'in English, not in French'],
  ['advanced', 'a filter read from the text'],
  ['team', 'an indexed attribute'],
  ['retries', 'a caption'],
  ['newlines', 'text with tabs and newlines'],
  ['playwright', 'a title'],
  ['study', 'a title from <title> alone'],
  ['', 'the tag filter alone', { tag: 'testing' }],
  ['', 'the section filter alone', { section: 'Guides' }],
  ['quokka', 'a word narrowed by a filter', { section: 'Blog' }],
];

/**
 * What the site's search shows of a hit, and what ranks it: all of a result but its anchors (the
 * parts of a page with an id), which a record does not carry and the site does not show.
 */
const shown = (found: FoundPage[]) =>
  found.map((page) => {
    const { anchors, sub_results, ...rest } = page as FoundPage & { anchors?: unknown; sub_results?: unknown };
    return rest;
  });

test('every query finds the same pages in the same order, with the same title, metadata, filters, excerpt and word positions', async () => {
  for (const [query, why, filters] of queries) {
    const expected = shown(await reference.search(query || null, filters));
    const actual = shown(await records.search(query || null, filters));
    assert.deepEqual(actual, expected, `${query} (${why})`);
  }
  assert.deepEqual(await records.filters(), await reference.filters());
});

/** Each page's fragment (what a hit shows) by its address, without its anchors. */
function fragments(files: PartFiles): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [file, bytes] of files) {
    if (!file.startsWith('fragment/')) continue;
    const { anchors, ...fragment } = JSON.parse(
      gunzipSync(bytes)
        .toString('utf8')
        .replace(/^pagefind_dcd/, ''),
    ) as { url: string; anchors: unknown };
    found.set(fragment.url, fragment);
  }
  return found;
}

test("every language's word index and filters are the same bytes, and every page's fragment the same but for its anchors", () => {
  // The site's search runs in the language of the page it is on, so the queries above search
  // English alone: the files of each language are compared instead.
  const lasting = (files: PartFiles) =>
    [...files]
      .filter(([file]) => /^(index|filter)\//.test(file))
      .map(([file, bytes]) => [file, Buffer.from(bytes).toString('base64')])
      .sort();
  assert.ok(lasting(madeFrom.html).some(([file]) => file!.startsWith('index/fr')));
  assert.deepEqual(lasting(madeFrom.records), lasting(madeFrom.html));
  assert.deepEqual(fragments(madeFrom.records), fragments(madeFrom.html));
});

test('the queries exercise what they are meant to', async () => {
  const urls = async (query: string) => (await reference.search(query)).map((page) => page.url);
  assert.deepEqual((await urls('quokka')).slice(0, 1), ['/post-quokka/'], 'a heading outweighs a body');
  for (const none of ['falconer', 'excludedword', 'secretcode', 'hiddenlead', 'navigationword', 'homepage'])
    assert.deepEqual(await urls(none), [], none);
  assert.deepEqual(await urls('zeppelins'), ['/post-playwright/']);
  const [service] = await reference.search('advanced');
  assert.equal(service?.meta.title, 'Consulting for teams', 'the first h1 when no title is given');
  assert.deepEqual(service?.filters.level, ['Advanced']);
  assert.equal((await reference.search('study'))[0]?.meta.title, 'A case & its study');
  assert.equal(
    (await reference.search('playwright'))[0]?.meta.image,
    '/logo.svg',
    'the first image after the title, outside the body too',
  );
});

test('what a record holds: text with the weight of headings, and nothing that is left out', () => {
  const record = searchRecordOf(pages.find((page) => page.url === '/post-quokka/')!.html, compileIgnore(ignore))!;
  assert.match(record.content, /^___PAGEFIND_AUTO_WEIGHT___7 Quokka care\. ___END_PAGEFIND_WEIGHT___ A short note/);
  assert.deepEqual(record.filters, { section: ['Blog'], tag: ['testing', 'animals'] });
  assert.equal(record.language, 'en');
  assert.equal(searchRecordOf(pages.find((page) => page.url === '/home/')!.html), undefined);
});

test('an ignore selector that needs what follows an element, or is no selector, is named as the problem', () => {
  for (const selector of ['pre', 'main > .aside p:first-child', 'a[href^="/"]:not(.x)', 'li:nth-child(2n+1)'])
    assert.equal(ignoreSelectorProblem(selector), undefined, selector);
  for (const selector of ['h2 + p', 'h2 ~ p', 'p:last-child', 'p:has(img)', 'p::before', 'p[', 'a:not(b + c)'])
    assert.notEqual(ignoreSelectorProblem(selector), undefined, selector);
});

test('a record keeps none of its page alive: its strings are its own, not views into the HTML', () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // Pages of 1 MB each, mostly outside the body: a record holding a view into one holds it all.
  const page = (n: number) =>
    `<html lang="en"><head><meta data-pagefind-meta="title[content]" content="Title number ${n} of the pages"><style>${'x'.repeat(1_000_000)}</style></head>` +
    `<body><main data-pagefind-body><img src="/images/picture-of-page-${n}.png" alt="A picture of page ${n}">` +
    `<p>Text of page number ${n}, long enough to be a view</p></main></body></html>`;
  gc();
  const before = process.memoryUsage().heapUsed;
  const records = Array.from({ length: 30 }, (_, n) => searchRecordOf(page(n))!);
  gc();
  const held = process.memoryUsage().heapUsed - before;
  assert.equal(records[29]!.meta.image, '/images/picture-of-page-29.png');
  assert.ok(held < 5_000_000, `30 records hold ${held} bytes`);
});
