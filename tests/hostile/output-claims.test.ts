// No writer of a build silently replaces another's file: a page bundle's file where its own page,
// another page or a feed is written, or an old address that lands on `_headers`, `_redirects` or
// a path the host runs as code, is `routes.duplicate-output` at the file (and line) that claims
// it, naming the other owner, and the last output stays as it was.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { collectSiteErrors } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { checkOutputClaims, reservedClaims } from '../../cli/write/output-claims.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { filesOf, tinyContentCopy } from '../helpers/build-output.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let bundle: string;

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
  bundle = path.join(content, 'posts', 'launch');
  await mkdir(path.join(bundle, 'more'), { recursive: true });
  await writeFile(path.join(bundle, 'index.md'), '---\ntitle: Launch\ndate: 2024-01-05\n---\n\nThe launch.\n');
});
after(() => cleanup());

const tiny = tinySite.definition;
const posts = tiny.content.collections.posts!;

/** The tiny site, its bundles allowed to publish HTML and XML (as downloads), with more pages, feeds and redirects. */
function siteWith(more: {
  routes?: string[];
  feeds?: string[];
  redirects?: { from: string; line: number }[];
}): typeof tinySite {
  return loadedSite({
    ...tiny,
    content: {
      ...tiny.content,
      collections: { posts: { ...posts, bundles: { ...posts.bundles!, attachments: ['.html', '.xml'] } } },
    },
    routes: (model) => [
      ...tiny.routes(model),
      ...(more.routes ?? []).map((route) => ({
        path: route,
        page: { kind: 'home' } as const,
        source: path.join(content, 'data', 'site.json'),
      })),
    ],
    feeds: (model) => [
      ...tiny.feeds!(model),
      ...(more.feeds ?? []).map((feed) => ({
        path: feed,
        title: 'More',
        description: 'More',
        link: '/',
        language: 'en',
        items: [],
      })),
    ],
    redirects: (model) => [
      ...tiny.redirects!(model),
      ...(more.redirects ?? []).map(({ from, line }) => ({
        from,
        to: '/',
        origin: { kind: 'data' as const, file: path.join(content, 'data', 'redirects.json'), line },
      })),
    ],
  });
}

/** The errors of a build of the content folder with `site` into `out`, as [code, file relative to the content, line]. */
async function errorsOf(
  site: typeof tinySite,
  out: string,
): Promise<{ located: [string, string, number | undefined][]; messages: string[] }> {
  const error = await buildSite({
    root: tinyRoot,
    site,
    contentDir: content,
    writer: new DiskWriter(out),
    cache: new Cache(undefined),
  }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  const errors = collectSiteErrors(error) ?? [];
  return {
    located: errors.map((problem) => [problem.code, path.relative(content, problem.file!), problem.line]),
    messages: errors.map((problem) => problem.message),
  };
}

/** Runs `check` with `files` written into the bundle. */
async function withFiles(files: string[], check: () => Promise<void>): Promise<void> {
  const { rm } = await import('node:fs/promises');
  for (const file of files) await writeFile(path.join(bundle, file), `<!DOCTYPE html><title>${file}</title>`);
  try {
    await check();
  } finally {
    for (const file of files) await rm(path.join(bundle, file));
  }
}

test("a bundle's index.html does not replace its post's page: an error at the file, naming the page, and the last output stays", async () => {
  const out = path.join(dir, 'own-page');
  const site = siteWith({});
  assert.equal((await errorsOf(site, out)).located.length, 0, 'the first build');
  const before = await filesOf(out);
  await withFiles(['index.html'], async () => {
    const { located, messages } = await errorsOf(site, out);
    assert.deepEqual(located, [['routes.duplicate-output', 'posts/launch/index.html', undefined]]);
    assert.match(
      messages[0]!,
      /^posts\/launch\/index\.html is written twice: the file \/posts\/launch\/index\.html of a page bundle \(.*index\.html\) and the page \/posts\/launch \(.*index\.md\)$/,
    );
  });
  assert.deepEqual(await filesOf(out), before);
});

test("a bundle's file does not replace another page or a feed", async () => {
  await withFiles(['more/index.html', 'feed.xml'], async () => {
    const { located, messages } = await errorsOf(
      siteWith({ routes: ['/posts/launch/more'], feeds: ['/posts/launch/feed.xml'] }),
      path.join(dir, 'other-page'),
    );
    assert.deepEqual(located.sort(), [
      ['routes.duplicate-output', 'posts/launch/feed.xml', undefined],
      ['routes.duplicate-output', 'posts/launch/more/index.html', undefined],
    ]);
    assert.ok(messages.some((message) => message.includes('the page /posts/launch/more')));
    assert.ok(messages.some((message) => message.includes('the feed /posts/launch/feed.xml')));
  });
});

test('an old address cannot land on _headers, _redirects or what the host runs as code: an error at its line', async () => {
  const redirects = [
    { from: '/_headers', line: 2 },
    { from: '/_redirects/', line: 3 },
    { from: '/_worker.js', line: 4 },
    { from: '/_routes.json', line: 5 },
    { from: '/sitemap.xml', line: 6 },
  ];
  const { located, messages } = await errorsOf(siteWith({ redirects }), path.join(dir, 'reserved'));
  assert.deepEqual(
    located,
    redirects.map(({ line }) => ['routes.duplicate-output', 'data/redirects.json', line]),
  );
  assert.match(messages[0]!, /the build's _headers/);
  assert.match(messages[2]!, /the host's _worker\.js/);
});

test('claims conflict as paths do: twice, a file where a folder is needed, a file in a folder another owns', () => {
  const claim = (claimed: string, owner: string) => ({ path: claimed, owner, file: `${owner}.md` });
  const refusal = (claims: Parameters<typeof checkOutputClaims>[0]) => {
    const errors = (() => {
      try {
        checkOutputClaims(claims);
        return [];
      } catch (error) {
        return collectSiteErrors(error) ?? [];
      }
    })();
    assert.deepEqual(
      errors.map((error) => error.code),
      ['routes.duplicate-output'],
    );
    return `${errors[0]!.file}: ${errors[0]!.message}`;
  };
  assert.match(
    refusal([...reservedClaims('site.ts'), claim('_headers/index.html', 'alias')]),
    /^alias\.md: _headers is a file, and _headers\/index\.html would be inside it/,
  );
  assert.match(
    refusal([claim('a/b/index.html', 'page'), claim('a/b', 'file')]),
    /^file\.md: a\/b is a folder of the output, and cannot also be a file/,
  );
  assert.match(
    refusal([claim('pagefind/', 'search'), claim('pagefind/x/index.html', 'page')]),
    /^page\.md: pagefind\/x\/index\.html is inside pagefind\/, which another writer owns/,
  );
  assert.match(
    refusal([claim('assets/app.js', 'file'), claim('assets/', 'bundle')]),
    /^bundle\.md: assets\/ is owned by one writer, and another writes into it/,
  );
  assert.match(
    refusal([claim('a.html', 'one'), claim('a.html', 'two')]),
    /^two\.md: a\.html is written twice: two \(two\.md\) and one \(one\.md\)$/,
  );
  assert.doesNotThrow(() =>
    checkOutputClaims([
      ...reservedClaims('site.ts'),
      claim('index.html', 'home'),
      claim('blog/index.html', 'blog'),
      claim('blog/a/index.html', 'post'),
      claim('assets/', 'bundle'),
    ]),
  );
});
