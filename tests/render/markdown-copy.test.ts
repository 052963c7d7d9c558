// Markdown copies and llms.txt, on the tiny site (its posts and home page have copies): a post's
// copy is its body as written with every relative link and image made absolute where the page
// leads, its links are checked as a page's are (recorded as the copy is made, read back by
// check-links), llms.txt lists every copy by section, and drafts are never copied.
import assert from 'node:assert/strict';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { scanMarkdownRefs } from '../../cli/render/markdown/markdown-refs.ts';
import { checkSite } from '../../cli/check/check-site.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { createMemoryHandler } from '../../cli/dev/memory-site.ts';
import { IncrementalBuild } from '../../cli/dev/incremental-build.ts';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { serving } from '../helpers/serving.ts';
import { filesOf, tinyContentCopy } from '../helpers/build-output.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let out: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(out, file), 'utf8');

/** A page bundle's body with every kind of URL an author writes, code that only looks like a link, and HTML. */
const body = [
  'See [the first post](../hello.md), [the notes](notes.txt "Notes"), [home](/), [the details](#details) and [an example](https://example.com/a_(b)).',
  '',
  '![A small square](square.svg) and ![The same square](/images/square.svg)',
  '',
  'A [reference][first] and <a href="../second.md">the second post</a>.',
  '',
  '[first]: <../hello.md> "Hello"',
  '',
  '```md',
  '[not a link](/nowhere/)',
  '```',
  '',
  '## Details',
  '',
  'Mail [us](mailto:team@tiny.example), or read [the note](#n1).',
  '',
  '<p id="n1">The note, whose id the page publishes as user-content-n1.</p>',
  '',
].join('\n');

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
  const bundle = path.join(content, 'posts', 'guide');
  await mkdir(bundle);
  await writeFile(
    path.join(bundle, 'index.md'),
    `---\ntitle: "A guide: [with] *marks*"\ndate: 2024-03-01\ntags: [howto]\n---\n\n${body}`,
  );
  await writeFile(path.join(bundle, 'notes.txt'), 'Notes.\n');
  await writeFile(path.join(bundle, 'square.svg'), await readFile(path.join(content, 'images', 'square.svg')));
  await writeFile(
    path.join(content, 'posts', 'unfinished.md'),
    '---\ntitle: Unfinished\ndate: 2024-03-02\ndraft: true\n---\n\nNot yet.\n',
  );
  out = path.join(dir, 'dist');
  result = await buildSite({
    root: tinyRoot,
    site: tinySite,
    contentDir: content,
    writer: new DiskWriter(out),
    cache: new Cache(path.join(dir, 'cache')),
  });
});
after(() => cleanup());

test("a post's copy is its source body as written, with links and images made absolute where the page leads", async () => {
  assert.equal(result.committed, true, JSON.stringify(result.links?.findings));
  const copy = await read('posts/guide/index.md');
  const expected = body
    .replace('](../hello.md)', '](https://tiny.example/posts/hello/)')
    .replace('](notes.txt "Notes")', '](https://tiny.example/posts/guide/notes.txt "Notes")')
    .replace('[home](/)', '[home](https://tiny.example/)')
    .replace('](#details)', '](https://tiny.example/posts/guide/#details)')
    // The page's HTML leads to the note's id as published; so does the copy.
    .replace('](#n1)', '](https://tiny.example/posts/guide/#user-content-n1)')
    .replace('](square.svg)', '](https://tiny.example/posts/guide/square.svg)')
    .replace('](/images/square.svg)', '](https://tiny.example/images/square.svg)')
    .replace('href="../second.md"', 'href="https://tiny.example/posts/second/"')
    .replace('<../hello.md>', '<https://tiny.example/posts/hello/>');
  const header = [
    '---',
    'title: "A guide: [with] *marks*"',
    'description: "A guide: [with] *marks*, a post of Tiny."',
    'canonical: "https://tiny.example/posts/guide/"',
    'date: 2024-03-01',
    'tags: ["howto"]',
    '---',
    '',
    '# A guide: \\[with\\] \\*marks\\*',
    '',
    '',
  ].join('\n');
  assert.equal(copy, header + expected);
});

test('what a copy links to is recorded as it is made, and read back the same from the file', async () => {
  const manifest = JSON.parse(await read('.sitegen-manifest.json')) as {
    links: Record<string, [string, number][]>;
    origins: { file: string; line?: number }[];
    markdown: string[];
  };
  const copy = await read('posts/guide/index.md');
  const recorded = manifest.links['/posts/guide/index.md']!;
  assert.deepEqual(
    scanMarkdownRefs(copy).map((ref) => ref.value),
    recorded.map(([href]) => href),
  );
  assert.deepEqual(
    recorded.map(([href]) => href),
    [
      'https://tiny.example/posts/hello/',
      'https://tiny.example/posts/guide/notes.txt',
      'https://tiny.example/',
      'https://tiny.example/posts/guide/#details',
      'https://example.com/a_(b)',
      'https://tiny.example/posts/guide/square.svg',
      'https://tiny.example/images/square.svg',
      'https://tiny.example/posts/second/',
      'https://tiny.example/posts/hello/',
      'mailto:team@tiny.example',
      'https://tiny.example/posts/guide/#user-content-n1',
    ],
  );
  // Each is located at the line of the Markdown file it was written on (the body starts on line 7).
  assert.deepEqual(
    recorded.map(([, origin]) => manifest.origins[origin]!.line),
    [7, 7, 7, 7, 7, 9, 9, 11, 13, 21, 21],
  );
  assert.ok(
    ['posts/hello/index.md', 'posts/guide/index.md', 'index.md', 'llms.txt'].every((file) =>
      manifest.markdown.includes(file),
    ),
    manifest.markdown.join(' '),
  );
  const report = await checkSite(out);
  assert.deepEqual(report.findings, [], 'check-links reads the copies and finds them whole');
});

test("llms.txt lists every copy by section, the site's sections first, and links llms-full.txt", async () => {
  assert.equal(
    await read('llms.txt'),
    [
      '# Tiny',
      '',
      '> A tiny site the engine tests build.',
      '',
      '- [Every page](https://tiny.example/llms-full.txt): The Markdown of every page, in one file.',
      '',
      '## Posts',
      '',
      '- [A guide: \\[with\\] \\*marks\\*](https://tiny.example/posts/guide/index.md): A guide: \\[with\\] \\*marks\\*, a post of Tiny.',
      '- [Second](https://tiny.example/posts/second/index.md): Second, a post of Tiny.',
      '- [Hello](https://tiny.example/posts/hello/index.md): Hello, a post of Tiny.',
      '',
      '## Pages',
      '',
      '- [Tiny](https://tiny.example/index.md): Where to start.',
      '',
    ].join('\n'),
  );
  const full = await read('llms-full.txt');
  const copies = await Promise.all(
    ['posts/guide/index.md', 'posts/second/index.md', 'posts/hello/index.md', 'index.md'].map(read),
  );
  assert.equal(full, `# Tiny\n\n> A tiny site the engine tests build.\n${copies.map((copy) => `\n${copy}`).join('')}`);
});

test('each page with a copy links it from its head; the copies are neither in the sitemap nor indexed for search', async () => {
  for (const page of ['index.html', 'posts/hello/index.html', 'posts/guide/index.html']) {
    const copy = page.replace(/\.html$/, '.md');
    assert.ok((await read(page)).includes(`<link rel="alternate" type="text/markdown" href="/${copy}"/>`), page);
  }
  for (const page of ['search/index.html', '404.html']) assert.doesNotMatch(await read(page), /text\/markdown/, page);
  assert.doesNotMatch(await read('sitemap.xml'), /\.md</);
  const fragments = [...(await filesOf(out)).keys()].filter((file) => file.startsWith('pagefind/fragment/'));
  assert.equal(fragments.length, 3, 'the three posts, not their copies');
});

test('a draft is built with --drafts, and never copied nor listed', async () => {
  const drafts = path.join(dir, 'drafts');
  const built = await buildSite({
    root: tinyRoot,
    site: tinySite,
    contentDir: content,
    writer: new DiskWriter(drafts),
    drafts: true,
    cache: new Cache(path.join(dir, 'cache')),
  });
  assert.equal(built.committed, true);
  const files = [...(await filesOf(drafts)).keys()];
  assert.ok(files.includes('posts/unfinished/index.html'));
  assert.ok(!files.includes('posts/unfinished/index.md'));
  for (const file of ['llms.txt', 'llms-full.txt'])
    assert.doesNotMatch(await readFile(path.join(drafts, file), 'utf8'), /nfinished/, file);
  assert.doesNotMatch(await readFile(path.join(drafts, 'posts', 'unfinished', 'index.html'), 'utf8'), /text\/markdown/);
});

test('a build checks the links of the copies it writes: one only a copy has fails it, located at its source', async () => {
  // The home page's copy, which the site writes, links to a page the site does not have; its HTML does not.
  const site = loadedSite({
    ...tinyDefinition,
    routes: (model) =>
      tinyDefinition.routes(model).map((route) =>
        route.path === '/'
          ? {
              ...route,
              markdown: { ...route.markdown!, body: { markdown: 'Intro.\n\nSee [the archive](/archive/).\n' } },
            }
          : route,
      ),
  });
  const built = await buildSite({
    root: tinyRoot,
    site,
    contentDir: content,
    writer: new DiskWriter(path.join(dir, 'broken')),
    cache: new Cache(undefined),
  });
  assert.equal(built.committed, false);
  assert.deepEqual(
    built.links?.findings.map(
      (finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.code} ${finding.origin?.file}`,
    ),
    ['index.md:11:19 links.missing-page content/data/site.json'],
  );
});

test('preview and dev serve the copies as Markdown and llms.txt as text, in UTF-8', async () => {
  const dev = new IncrementalBuild({ root: tinyRoot, contentDir: content, env: {}, cache: new Cache(undefined) });
  try {
    const output = await dev.buildAll();
    for (const [name, handler] of [
      ['preview', createStaticHandler(out)],
      [
        'dev',
        createMemoryHandler(
          () => output.files,
          (html) => html,
        ),
      ],
    ] as const) {
      await serving(handler, async (get) => {
        for (const [address, type] of [
          ['/posts/guide/index.md', 'text/markdown; charset=utf-8'],
          ['/index.md', 'text/markdown; charset=utf-8'],
          ['/llms.txt', 'text/plain; charset=utf-8'],
          ['/llms-full.txt', 'text/plain; charset=utf-8'],
        ]) {
          const response = await get(address!);
          assert.equal(response.status, 200, `${name} ${address}`);
          assert.equal(response.headers.get('content-type'), type, `${name} ${address}`);
          assert.equal(
            await response.text(),
            await read(address!.slice(1)),
            `${name} ${address}: the file the build wrote`,
          );
        }
      });
    }
  } finally {
    await dev.close();
  }
});

// Last: it edits the output.
test('a broken link in a copy is a broken link, at its line in the copy', async () => {
  await appendFile(
    path.join(out, 'posts', 'guide', 'index.md'),
    '\nSee [a page that is gone](https://tiny.example/gone/).\n',
  );
  const report = await checkSite(out);
  assert.deepEqual(
    report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.column} ${finding.code}`),
    ['posts/guide/index.md:29:27 links.missing-page'],
  );
});
