// `sitegen dev` serves the search index from memory and keeps it current: the tiny site's
// posts mark themselves for search (tests/sites/tiny). After an edit the page reloads at once,
// and the new index is served as soon as Pagefind has made it.
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
import { startTestDevServer } from '../helpers/dev-server.ts';
import { searchSiteAt } from '../helpers/pagefind-search.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';
import { tinyRoot } from '../helpers/sites.ts';

test("the dev server serves Pagefind's script and the index of the pages that mark themselves", async () => {
  const { content, cleanup } = await tinyContentCopy();
  const server = await startDevServer({
    root: tinyRoot,
    contentDir: content,
    host: '127.0.0.1',
    port: 0,
    env: {},
    cache: new Cache(undefined),
    log: () => undefined,
    logError: () => undefined,
  });
  try {
    const site = await searchSiteAt(server.url);
    try {
      assert.deepEqual(
        (await site.search('first')).map((page) => page.url),
        ['/posts/hello/'],
      );
      assert.deepEqual(
        (await site.search('search')).map((page) => page.url),
        [],
        'the search page marks nothing',
      );
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

test('after an edit the last index is served until the new one is made, which finds the new words; an edit that changes no indexed page makes the same index', async () => {
  const { content, cleanup } = await tinyContentCopy();
  const build = new IncrementalBuild({ root: tinyRoot, contentDir: content, env: {}, cache: new Cache(undefined) });
  try {
    const first = await build.buildAll();
    assert.equal(first.searchIndex, undefined, 'the first build waits for its index');
    const index = (files: Map<string, string | Uint8Array>) =>
      [...files]
        .filter(([file]) => file.startsWith('pagefind/'))
        .map(([file, bytes]) => [file, Buffer.from(bytes).toString('base64')])
        .sort();
    assert.ok(index(first.files).some(([file]) => file === 'pagefind/pagefind.js'));
    const file = path.join(content, 'posts', 'second.md');
    await editFile(file, 'A second post', 'A second post about zeppelins');
    const edited = await build.update({ content: [file], styles: [], code: [] });
    assert.ok(edited.searchIndex, 'after an edit the index follows the pages');
    assert.deepEqual(index(edited.files), index(first.files), 'meanwhile the last index is served');
    const made = await edited.searchIndex;
    assert.notDeepEqual(index(made), index(first.files), 'the index changed');
    const entry = JSON.parse(String(Buffer.from(made.get('pagefind/pagefind-entry.json')!))) as {
      languages: Record<string, { page_count: number }>;
    };
    assert.deepEqual(
      Object.values(entry.languages).map((language) => language.page_count),
      [2],
    );
    // The site's data changes no page that marks itself for search: the index served is the one just made, and the next is the same bytes.
    const data = path.join(content, 'data', 'site.json');
    await editFile(data, '"title": "Tiny"', '"title": "Tiny site"');
    const unchanged = await build.update({ content: [data], styles: [], code: [] });
    assert.equal(
      String(unchanged.files.get('posts/hello/index.html')),
      String(edited.files.get('posts/hello/index.html')),
    );
    assert.deepEqual(index(unchanged.files), index(made));
    assert.deepEqual(index(await unchanged.searchIndex!), index(made));
    // Served as the dev server serves its memory, the new words are found.
    const served = new Map([...edited.files, ...made]);
    const server = createServer(
      createMemoryHandler(
        () => served,
        (html) => html,
      ),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const site = await searchSiteAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      assert.deepEqual(
        (await site.search('zeppelins')).map((page) => page.url),
        ['/posts/second/'],
      );
    } finally {
      await site.close();
      server.close();
    }
  } finally {
    await build.close();
    await cleanup();
  }
});

test('the dev server reloads an edited page at once and serves the new index as soon as it is made', async () => {
  // A copy of the whole site: the dev server watches the project it serves.
  const { root, content, cleanup } = await copyTinySite();
  const { server, logs } = await startTestDevServer({ root, contentDir: content, cache: new Cache(undefined) });
  try {
    // A page that began searching before the edit: it holds the last index's list of files.
    const early = await searchSiteAt(server.url);
    assert.deepEqual(
      (await early.search('first')).map((result) => result.url),
      ['/posts/hello/'],
    );
    const file = path.join(content, 'posts', 'second.md');
    const rebuilt = server.nextRebuild();
    await editFile(file, 'A second post', 'A second post about zeppelins');
    assert.equal((await rebuilt).event, 'reload', logs.join('\n'));
    const page = await fetch(`${server.url}/posts/second/`);
    assert.match(await page.text(), /zeppelins/, 'the page shows the edit');
    // A search made once Pagefind has indexed the edit finds it (Pagefind takes well under the time allowed).
    let found: string[] = [];
    for (let attempt = 0; attempt < 100 && found.length === 0; attempt++) {
      const site = await searchSiteAt(server.url);
      try {
        found = (await site.search('zeppelins')).map((result) => result.url);
      } finally {
        await site.close();
      }
      if (found.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.deepEqual(found, ['/posts/second/'], logs.join('\n'));
    // The page that began on the last index still finds the rest of it: its files stay until the next rebuild.
    try {
      assert.deepEqual(
        (await early.search('image')).map((result) => result.url),
        ['/posts/second/'],
      );
    } finally {
      await early.close();
    }
  } finally {
    await server.close();
    await cleanup();
  }
});

test('after an edit, a page served as it was keeps its search mark, and a page whose HTML changed is read for it again', async () => {
  const site = await copyTinySite();
  const build = new IncrementalBuild({
    root: site.root,
    contentDir: site.content,
    env: {},
    cache: new Cache(undefined),
  });
  const pageCount = async (output: Awaited<ReturnType<IncrementalBuild['update']>>) => {
    const made = (await output.searchIndex) ?? output.files;
    const entry = JSON.parse(String(Buffer.from(made.get('pagefind/pagefind-entry.json')!))) as {
      languages: Record<string, { page_count: number }>;
    };
    return Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
  };
  try {
    assert.equal(await pageCount(await build.buildAll()), 2);
    const post = path.join(site.content, 'posts', 'second.md');
    await editFile(post, 'A second post', 'A second post, edited');
    assert.equal(await pageCount(await build.update({ content: [post], styles: [], code: [] })), 2);
    // The posts' template no longer marks them: every page's HTML changed, and none is indexed.
    const template = path.join(site.root, 'templates', 'pages.tsx');
    await editFile(template, '<div data-pagefind-body="">', '<div>');
    assert.equal(await pageCount(await build.update({ content: [], styles: [], code: [template] })), 0);
  } finally {
    await build.close();
    await site.cleanup();
  }
});
