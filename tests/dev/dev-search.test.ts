// `sitegen dev` serves the search index from memory and keeps it current: the tiny site's
// posts mark themselves for search (tests/sites/tiny), and an edit to a post is found at once.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { startDevServer } from '../../cli/dev/dev-server.ts';
import { IncrementalBuild } from '../../cli/dev/incremental-build.ts';
import { createMemoryHandler } from '../../cli/dev/memory-site.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { editFile } from '../helpers/content.ts';
import { searchSiteAt } from '../helpers/pagefind-search.ts';
import { tinyRoot } from '../helpers/sites.ts';

test('the dev server serves Pagefind\'s script and the index of the pages that mark themselves', async () => {
  const { content, cleanup } = await tinyContentCopy();
  const server = await startDevServer({ root: tinyRoot, contentDir: content, host: '127.0.0.1', port: 0, env: {}, cache: new Cache(undefined), log: () => undefined, logError: () => undefined });
  try {
    const site = await searchSiteAt(server.url);
    try {
      assert.deepEqual((await site.search('first')).map((page) => page.url), ['/posts/hello/']);
      assert.deepEqual((await site.search('search')).map((page) => page.url), [], 'the search page marks nothing');
    } finally {
      await site.close();
    }
    const script = await fetch(`${server.url}/search/`);
    assert.match(await script.text(), /data-script="\/pagefind\/pagefind\.js"/);
  } finally {
    await server.close();
    await cleanup();
  }
});

test('after an edit the in-memory index finds the new words; an edit that changes no indexed page keeps the index', async () => {
  const { content, cleanup } = await tinyContentCopy();
  const build = new IncrementalBuild({ root: tinyRoot, contentDir: content, env: {}, cache: new Cache(undefined) });
  try {
    const first = await build.buildAll();
    const index = (files: Map<string, string | Uint8Array>) => [...files].filter(([file]) => file.startsWith('pagefind/'));
    assert.ok(index(first.files).some(([file]) => file === 'pagefind/pagefind.js'));
    const file = path.join(content, 'posts', 'second.md');
    await editFile(file, 'A second post', 'A second post about zeppelins');
    const edited = await build.update({ content: [file], styles: [], code: [] });
    assert.notDeepEqual(index(edited.files).map(([name]) => name).sort(), index(first.files).map(([name]) => name).sort(), 'the index changed');
    const entry = JSON.parse(String(Buffer.from(edited.files.get('pagefind/pagefind-entry.json') as Uint8Array))) as { languages: Record<string, { page_count: number }> };
    assert.deepEqual(Object.values(entry.languages).map((language) => language.page_count), [2]);
    // The site's data changes no page that marks itself for search: the same index, the same bytes.
    const data = path.join(content, 'data', 'site.json');
    await editFile(data, '"title": "Tiny"', '"title": "Tiny site"');
    const unchanged = await build.update({ content: [data], styles: [], code: [] });
    assert.equal(String(unchanged.files.get('posts/hello/index.html')), String(edited.files.get('posts/hello/index.html')));
    assert.deepEqual(index(unchanged.files), index(edited.files));
    // Served as the dev server serves its memory, the new words are found.
    const server = createServer(createMemoryHandler(() => edited.files, (html) => html));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const site = await searchSiteAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      assert.deepEqual((await site.search('zeppelins')).map((page) => page.url), ['/posts/second/']);
    } finally {
      await site.close();
      server.close();
    }
  } finally {
    await build.close();
    await cleanup();
  }
});
