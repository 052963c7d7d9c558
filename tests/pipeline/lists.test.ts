// A site's long lists as the engine builds them: pages of a list (cli/route/paginate.ts), a page
// per term (cli/route/taxonomy.ts) and files the site publishes beside its pages (`files`). Built
// from the tiny site's content, with a definition that adds a paginated post list and tag pages
// (tests/helpers/list-site.tsx).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { outputDigest } from '../helpers/build-output.ts';
import { listSite } from '../helpers/list-site.tsx';
import { parsePage } from '../helpers/html.ts';
import { loadedSite, tinyRoot } from '../helpers/sites.ts';
import { parseXml } from '../helpers/xml.ts';

let tmp: string;
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-lists-'));
});
after(() => rm(tmp, { recursive: true, force: true }));

test('writes every page of a list and of each tag, in the sitemap, linked to each other, with a clean link check', async () => {
  const out = path.join(tmp, 'dist');
  const site = listSite((model) => [
    { path: '/posts.json', contents: JSON.stringify(model.posts.map((post) => post.title)) },
  ]);
  const result = await buildSite({ root: tinyRoot, site: loadedSite(site), writer: new DiskWriter(out) });
  assert.deepEqual(
    result.pages
      .map((page) => page.route.path)
      .filter((p) => !p.startsWith('/posts/') || p.includes('/page/'))
      .sort(),
    ['/', '/404', '/posts', '/posts/page/2', '/search', '/tags/greeting'],
  );
  const second = parsePage(await readFile(path.join(out, 'posts', 'page', '2', 'index.html'), 'utf8'));
  assert.deepEqual(
    second.all((e) => e.name === 'a').map((a) => a.attribs.href),
    ['/posts/hello/', '/posts/', '/posts/page/2/'],
  );
  const sitemap = parseXml(await readFile(path.join(out, 'sitemap.xml'), 'utf8'));
  const locs = sitemap.all('url').map((url) => sitemap.childText(url, 'loc'));
  for (const page of ['/posts/', '/posts/page/2/', '/tags/greeting/'])
    assert.ok(
      locs.some((loc) => loc?.endsWith(page)),
      `${page} in the sitemap`,
    );
  assert.deepEqual(result.links?.findings, []);
  assert.deepEqual(
    JSON.parse(await readFile(path.join(out, 'posts.json'), 'utf8')),
    ['Second', 'Hello'],
    'the file the site publishes, as it gave it',
  );
});

test('a file the site publishes at a path that is not a plain site path fails the build and leaves the last output', async () => {
  const out = path.join(tmp, 'kept');
  await buildSite({ root: tinyRoot, site: loadedSite(listSite(() => [])), writer: new DiskWriter(out) });
  const before = await outputDigest(out);
  for (const bad of ['posts.json', '/../escape.json', '/a/./b.json', '/folder/']) {
    await assert.rejects(
      buildSite({
        root: tinyRoot,
        site: loadedSite(listSite(() => [{ path: bad, contents: '{}' }])),
        writer: new DiskWriter(out),
      }),
      (error: unknown) => !(error instanceof SiteErrorList) && /plain|starts with \//.test(String(error)),
      bad,
    );
    assert.equal(await outputDigest(out), before, `${bad}: the last output is left as it was`);
  }
});
