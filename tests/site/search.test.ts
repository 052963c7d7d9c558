// What site search promises visitors, on the shared build of the real site: posts, guide
// overviews, service pages and case studies are found by their words, each with its section (and
// a post with its tags and category); nothing else is indexed: not the full guides, which their
// forms lead to, nor code; the search page is the one page that may compile WebAssembly.
// Searched with the site's own pagefind.js over HTTP.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { searchWords, searchText } from '../e2e/site-data.ts';
import { parsePage } from '../helpers/html.ts';
import { searchBuiltSite, type SiteSearch } from '../helpers/pagefind-search.ts';
import { projectRoot } from '../helpers/content.ts';
import { realSiteBuild } from '../helpers/real-build.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

const { model } = await loadSiteModel();
const { sections } = searchText;
let outDir: string;
let site: SiteSearch & { origin: string };

before(async () => {
  ({ outDir } = await realSiteBuild());
  site = await searchBuiltSite(outDir);
});
after(() => site?.close());

/** What the site indexes: every post, guide overview, service page and the case studies, by section. */
function expectedPages(): Map<string, string> {
  return new Map([
    ...model.posts.map((post) => [`/blog/${post.slug}/`, sections.blog] as const),
    ...model.data.guides.map((guide) => [`/guides/${guide.topic}/`, sections.guides] as const),
    ...model.data.audiences.map((audience) => [`/services/${audience.slug}/`, sections.services] as const),
    ['/case-studies/', sections.caseStudies] as const,
  ]);
}

test('every post, guide overview, service page and the case studies are indexed with their section, and nothing else', async () => {
  const found = new Map<string, string>();
  for (const section of Object.values(sections)) {
    for (const page of await site.search(null, { section })) found.set(page.url, page.filters.section!.join());
  }
  assert.deepEqual([...found].sort(), [...expectedPages()].sort());
  const entry = JSON.parse(await readFile(path.join(outDir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { page_count: number }>;
  };
  assert.deepEqual(
    Object.values(entry.languages).map((language) => language.page_count),
    [expectedPages().size],
    'no page without a section',
  );
});

test("a word only a full guide's body holds finds nothing: the guide is had through its form, not through search", async () => {
  const { word, path: sitePath, file } = searchWords.guideArticleBody;
  const source = await readFile(path.join(projectRoot, 'content', file), 'utf8');
  assert.match(source.split(/^---$/m)[2]!, new RegExp(`\\b${word}\\b`, 'i'), 'the word is in the body');
  assert.ok(model.guides.some((guide) => `/guides/content/${guide.topic}/` === sitePath));
  assert.deepEqual(
    (await site.search(word)).map((page) => page.url),
    [],
  );
});

test('a word only a guide overview says finds that overview, with the word marked in its snippet', async () => {
  const { word, path: sitePath } = searchWords.guideOverview;
  const found = await site.search(word);
  assert.deepEqual(
    found.map((page) => page.url),
    [sitePath],
  );
  assert.match(found[0]!.excerpt, new RegExp(`<mark>${word}`, 'i'));
  assert.deepEqual(found[0]!.filters.section, [sections.guides]);
});

test('code in a post is left out of the index, so no excerpt quotes it', async () => {
  const { word, path: sitePath } = searchWords.postCodeOnly;
  const page = parsePage(await readFile(path.join(outDir, sitePath, 'index.html'), 'utf8'));
  assert.ok(
    page.all((element) => element.name === 'pre').some((element) => page.text(element).includes(word)),
    "the word is in the post's code",
  );
  assert.deepEqual(
    (await site.search(word)).map((found) => found.url),
    [],
  );
  // The rest of the post is still found.
  assert.ok((await site.search(searchWords.postExcerpt.word)).length > 0);
});

test("a word only a post's excerpt holds finds the post, though its page does not show the excerpt", async () => {
  const { word, path: sitePath } = searchWords.postExcerpt;
  const post = model.posts.find((candidate) => `/blog/${candidate.slug}/` === sitePath)!;
  assert.match(post.excerpt, new RegExp(`\\b${word}\\b`, 'i'));
  const main = parsePage(await readFile(path.join(outDir, sitePath, 'index.html'), 'utf8')).all(
    (element) => element.name === 'main',
  );
  assert.equal(main.length, 1);
  const found = await site.search(word);
  assert.deepEqual(
    found.map((page) => page.url),
    [sitePath],
  );
  assert.deepEqual(found[0]!.filters.tag?.sort(), [...post.tags].sort());
  assert.deepEqual(found[0]!.filters.category, [post.category]);
});

test('tag and category filters narrow results to the posts that have them', async () => {
  const post = model.posts[0]!;
  const byTag = await site.search(null, { tag: post.tags[0]! });
  assert.deepEqual(
    byTag.map((page) => page.url).sort(),
    model.posts
      .filter((p) => p.tags.includes(post.tags[0]!))
      .map((p) => `/blog/${p.slug}/`)
      .sort(),
  );
  const byCategory = await site.search(null, { category: post.category });
  assert.deepEqual(
    byCategory.map((page) => page.url).sort(),
    model.posts
      .filter((p) => p.category === post.category)
      .map((p) => `/blog/${p.slug}/`)
      .sort(),
  );
  const guidesOnly = await site.search('playwright', { section: sections.guides });
  assert.ok(guidesOnly.length > 0 && guidesOnly.every((page) => page.filters.section?.[0] === sections.guides));
  assert.ok((await site.search('playwright')).length > guidesOnly.length, 'the filter leaves other sections out');
});

test('what pages share is not indexed: the header, the footer, forms, buttons and the call to action after posts', async () => {
  const { header, footer } = model.data.navigation;
  // Quoted, Pagefind looks for the words as a phrase.
  const phrases = [
    model.data.ui.nextSteps.cta.heading,
    footer.newsletter.label,
    model.data.forms.guide.submit,
    header.openMenuLabel,
    model.data.audiences[0]!.hero.primary.text,
  ];
  for (const phrase of phrases)
    assert.deepEqual(
      (await site.search(`"${phrase}"`)).map((page) => page.url),
      [],
      phrase,
    );
  assert.ok(
    (await site.search(`"${model.data.audiences[0]!.hero.headline}"`)).length > 0,
    "a phrase of a page's own is found",
  );
});

test('the search page is not listed for search engines, loads no Pagefind file, and offers the blog and the guides', async () => {
  const html = await readFile(path.join(outDir, 'search', 'index.html'), 'utf8');
  const page = parsePage(html);
  assert.ok(
    page.all(
      (element) =>
        element.name === 'meta' && element.attribs.name === 'robots' && element.attribs.content === 'noindex',
    ).length === 1,
  );
  assert.doesNotMatch(await readFile(path.join(outDir, 'sitemap.xml'), 'utf8'), /\/search\//);
  assert.deepEqual(
    page.all((element) => element.name === 'script' && (element.attribs.src ?? '').includes('pagefind')),
    [],
  );
  assert.match(html, /"script":"\/pagefind\/pagefind\.js"/, 'the island is told where Pagefind is');
  const links = page.all((element) => element.name === 'a').map((element) => element.attribs.href);
  assert.ok(links.includes('/blog/'));
  for (const guide of model.data.guides) assert.ok(links.includes(`/guides/${guide.topic}/`), guide.topic);
  assert.ok(html.includes(searchText.browse.noScript.replace(/'/g, '&#x27;')));
});

test("no other page loads search: its script, Pagefind's, or the index", async () => {
  for (const sitePath of ['index.html', 'blog/index.html', `${searchWords.postExcerpt.path.slice(1)}index.html`]) {
    const html = await readFile(path.join(outDir, sitePath), 'utf8');
    assert.doesNotMatch(html, /pagefind\/|SiteSearch/, sitePath);
    assert.match(html, /href="\/search\/"/, `${sitePath} links the search page from its header`);
  }
});

test("the search page and Pagefind's files may compile WebAssembly; no other page may, and none runs inline or eval'd script", async () => {
  const server: Server = createServer(createStaticHandler(outDir));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const policiesOf = async (sitePath: string) => {
      const response = await fetch(`${origin}${sitePath}`);
      await response.arrayBuffer();
      return (response.headers.get('content-security-policy') ?? '').split(', ');
    };
    const allowsWasm = (policies: string[]) =>
      policies.every((policy) => /script-src [^;]*'wasm-unsafe-eval'/.test(policy));
    for (const sitePath of [
      '/search/',
      '/search/?q=playwright',
      '/pagefind/pagefind-worker.js',
      '/pagefind/pagefind.js',
    ]) {
      assert.equal(allowsWasm(await policiesOf(sitePath)), true, sitePath);
    }
    for (const sitePath of [
      '/',
      '/blog/',
      searchWords.postExcerpt.path,
      searchWords.guideArticleBody.path,
      '/services/startups/',
      '/case-studies/',
      '/humans/',
    ]) {
      assert.equal(allowsWasm(await policiesOf(sitePath)), false, sitePath);
    }
    for (const sitePath of ['/search/', '/blog/']) {
      for (const policy of await policiesOf(sitePath))
        assert.doesNotMatch(policy, /script-src[^;]*'unsafe-(inline|eval)'/, sitePath);
    }
  } finally {
    server.close();
  }
});
