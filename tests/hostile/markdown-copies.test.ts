// What answer engines read is made from what authors and data say, so nothing they write may
// change its structure: a title, description or tag cannot end a copy's front matter, add a link
// or a heading to a copy or to llms.txt; every URL a copy writes reads back as the URL the link
// checker was told of; llms-full.txt never passes its bound and never holds part of a copy; the
// link checker reads only the Markdown files the manifest names inside the folder; and a copy
// cannot take a path another writer owns.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { Cache } from '../../cli/cache/cache.ts';
import { checkSite } from '../../cli/check/check-site.ts';
import { scanMarkdownRefs } from '../../cli/render/markdown/markdown-refs.ts';
import { manifestFileName } from '../../cli/check/types.ts';
import type { MarkdownCopySpec } from '../../cli/config/site-definition.ts';
import { collectSiteErrors } from '../../cli/errors.ts';
import { splitMarkdown } from '../../cli/load/front-matter.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { makeCopy, type MarkdownCopy } from '../../cli/render/markdown-copy.ts';
import { markdownLink } from '../../cli/render/markdown-text.ts';
import { buildRoutes, type Route } from '../../cli/route/routes.ts';
import { readUrlReference } from '../../cli/shared/url-reference.ts';
import { renderLlmsFull, renderLlmsTxt } from '../../cli/write/llms-txt.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { loadedSite, tinyRoot } from '../helpers/sites.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';

const siteUrl = 'https://tiny.example';
const context = {
  siteUrl,
  root: '/project',
  addresses: { files: new Map<string, string>(), pages: new Map<string, string>() },
  images: new Map(),
};
const settings = { siteUrl, trailingSlash: 'always' } as const;

/** A page at `path` whose copy the site writes. */
function routeWith(path: string, copy: Partial<MarkdownCopySpec> & { markdown?: string }): Route {
  const { markdown = '', ...spec } = copy;
  return buildRoutes(
    [
      {
        path,
        page: { kind: 'page' },
        source: 'content/data/pages.json',
        markdown: { section: 'Pages', title: 'Title', description: 'Description.', ...spec, body: { markdown } },
      },
    ],
    settings,
  )[0]!;
}

const hostileTexts = [
  'A title\n---\ninjected: true',
  'Quote " and \\ and \u2028 line separator',
  '[a link](https://evil.example/) and ![an image](https://evil.example/p.png)',
  '<script>alert(1)</script> <https://evil.example/>',
  'Ends with a closing sequence ##',
  '# heading\n## another',
  '*emphasis* `code` ~~gone~~ | pipe &amp; entity',
];

test("a title, description or tag reads back from the copy's front matter as it was, and adds no link or heading", () => {
  for (const text of hostileTexts) {
    const copy = makeCopy(
      routeWith('/page', { title: text, description: text, tags: [text, 'plain'], markdown: 'Body.\n' }),
      undefined,
      context,
    );
    const read = splitMarkdown(copy.text);
    assert.deepEqual(
      read.frontMatter,
      { title: text, description: text, canonical: `${siteUrl}/page/`, tags: [text, 'plain'] },
      text,
    );
    assert.deepEqual(scanMarkdownRefs(copy.text), [], text);
    const headings = read.body.split('\n').filter((line) => line.startsWith('#'));
    assert.equal(headings.length, 1, `one heading, the title: ${JSON.stringify(read.body)}`);
  }
});

test("llms.txt holds one line per page and the site's sections as its only headings, whatever the titles say", () => {
  const routes = hostileTexts.map((text, index) =>
    routeWith(`/p${index}`, { title: text, description: text, section: index % 2 ? text : 'Pages' }),
  );
  const { text, refs } = renderLlmsTxt(
    {
      title: hostileTexts[0]!,
      summary: hostileTexts[5]!,
      full: { title: hostileTexts[2]!, description: hostileTexts[3]! },
    },
    routes,
    siteUrl,
  );
  const headings = text.split('\n').filter((line) => line.startsWith('#'));
  assert.equal(headings.length, 1 + new Set(routes.map((route) => route.copy!.spec.section)).size, text);
  assert.equal(text.split('\n').filter((line) => line.startsWith('- ')).length, routes.length + 1);
  const links = [`${siteUrl}/llms-full.txt`, ...routes.map((route) => `${siteUrl}${route.copy!.url}`)];
  assert.deepEqual(
    scanMarkdownRefs(text)
      .map((ref) => ref.value)
      .sort(),
    links.sort(),
  );
  assert.deepEqual(scanMarkdownRefs(text), refs, 'the links recorded are where the file has them');
});

test('every URL a copy writes reads back as the one the link checker was told of, at the same place', () => {
  const segment = fc.string({
    unit: fc.constantFrom(
      'a',
      'é',
      ' ',
      '(',
      ')',
      '<',
      '>',
      '&',
      '"',
      "'",
      '\\',
      '#',
      '?',
      '%',
      'amp;',
      '[',
      ']',
      '*',
      '`',
      '💥',
    ),
    minLength: 1,
    maxLength: 12,
  });
  fc.assert(
    fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), (segments) => {
      const sitePath = `/${segments.join('/')}`;
      const html = sitePath.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
      const markdown = `Go ${markdownLink('there', sitePath)} or <a href="${html}">here</a>, [a fragment](#part), ${markdownLink('away', `https://example.com${encodeURI(sitePath)}`)}.\n`;
      const copy = makeCopy(routeWith('/from/page', { markdown }), undefined, context);
      const scanned = scanMarkdownRefs(copy.text);
      assert.deepEqual(
        scanned.map(({ attribute, value, offset, line, column }) => ({ attribute, value, offset, line, column })),
        copy.refs.map(({ origin: _, ...ref }) => ref),
      );
      assert.equal(scanned.length, 4);
      // A path of the site is made absolute (`/\\host` is another host's, as a browser reads it).
      if (readUrlReference(sitePath).kind === 'site')
        for (const ref of scanned.slice(0, 3)) assert.ok(ref.value.startsWith(`${siteUrl}/`), ref.value);
    }),
    { numRuns: 300 },
  );
});

test('llms-full.txt never passes its bound and holds every copy it holds whole, in order', () => {
  const routes = [1, 2, 3, 4].map((n) => routeWith(`/p${n}`, { markdown: `${'word '.repeat(40 * n)}\n` }));
  const copies = new Map<string, MarkdownCopy>(
    routes.map((route) => [route.path, makeCopy(route, undefined, context)]),
  );
  for (const bytes of [10, 200, 400, 700, 1200, 5000]) {
    const full = renderLlmsFull(
      { title: 'Tiny', summary: 'Summary.', full: { title: 'All', description: 'Everything.', bytes } },
      routes,
      copies,
    );
    assert.ok(
      Buffer.byteLength(full) <= Math.max(bytes, Buffer.byteLength('# Tiny\n\n> Summary.\n')),
      `${bytes}: ${Buffer.byteLength(full)}`,
    );
    const held = routes.filter((route) => full.includes(copies.get(route.path)!.text));
    assert.deepEqual(held, routes.slice(0, held.length), `${bytes}: a prefix of the order`);
    const rest = full.slice(full.indexOf('\n\n> Summary.\n') + '\n\n> Summary.\n'.length);
    assert.equal(
      rest,
      held.map((route) => `\n${copies.get(route.path)!.text}`).join(''),
      `${bytes}: nothing but whole copies`,
    );
  }
});

test('llms-full.txt made as the copies come, in any order, is the file made of them all at once', () => {
  // Sections in another order than the routes', a page left out of the file, and copies of
  // different lengths, so that the bound falls inside a section.
  const routes = [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
    routeWith(`/p${n}`, {
      section: n % 2 ? 'Odd' : 'Even',
      ...(n === 6 ? { full: false } : {}),
      markdown: `${'word '.repeat(13 * n)}\n`,
    }),
  );
  const texts = new Map(routes.map((route) => [route.path, makeCopy(route, undefined, context).text]));
  const inOrder = [...routes.filter((_r, i) => i % 2 === 1), ...routes.filter((_r, i) => i % 2 === 0)].filter(
    (route) => route.path !== '/p6',
  );
  const head = '# Tiny\n\n> Summary.\n';
  fc.assert(
    fc.property(fc.shuffledSubarray(routes, { minLength: routes.length }), fc.nat(2500), (arrival, bytes) => {
      const spec = {
        title: 'Tiny',
        summary: 'Summary.',
        sections: ['Even', 'Odd'],
        full: { title: 'All', description: 'Everything.', bytes },
      };
      const full = renderLlmsFull(
        spec,
        routes,
        new Map(arrival.map((route) => [route.path, { text: texts.get(route.path)! }])),
      );
      let expected = head;
      for (const route of inOrder) {
        const part = `\n${texts.get(route.path)!}`;
        if (Buffer.byteLength(expected + part) > bytes) break;
        expected += part;
      }
      assert.equal(full, expected);
    }),
    { numRuns: 200 },
  );
});

test('check-links reads only the Markdown files the manifest names inside the folder', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-copies-'));
  try {
    const site = path.join(dir, 'site');
    await mkdir(site);
    await writeFile(path.join(dir, 'outside.md'), 'A [broken link](/nowhere/).\n');
    await writeFile(path.join(site, 'index.html'), '<!DOCTYPE html><title>Home</title><a href="/">Home</a>');
    await writeFile(path.join(site, 'notes.md'), 'An [unlisted broken link](/nowhere/).\n');
    await writeFile(path.join(site, 'index.md'), 'A [broken link](/gone/).\n');
    const manifest = {
      version: 2,
      siteUrl,
      routes: [{ path: '/', file: 'index.html' }],
      redirects: [],
      origins: [],
      links: {},
      markdown: ['../outside.md', '/etc/passwd', 'missing.md', 'index.md'],
    };
    await writeFile(path.join(site, manifestFileName), JSON.stringify(manifest));
    const report = await checkSite(site);
    assert.deepEqual(
      report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.code}`),
      ['index.md:1:17 links.missing-page'],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a copy cannot take a path another writer owns: two claims of one path fail the build, naming both', async () => {
  const site = loadedSite({
    ...tinyDefinition,
    files: () => [{ path: '/posts/hello/index.md', contents: 'Not the copy.\n' }],
  });
  const error = await buildSite({
    root: tinyRoot,
    site,
    writer: new MemoryWriter(),
    checkLinks: false,
    cache: new Cache(undefined),
  }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  const errors = collectSiteErrors(error) ?? [];
  assert.deepEqual(
    errors.map((problem) => problem.code),
    ['routes.duplicate-output'],
  );
  assert.match(
    errors[0]!.message,
    /posts\/hello\/index\.md is written twice: the Markdown copy of the page \/posts\/hello .* and the site's file \/posts\/hello\/index\.md/,
  );
  assert.equal(path.basename(errors[0]!.file ?? ''), 'hello.md', 'at the post the copy comes from');
});
