// A whole build (cli/pipeline/build-site.ts) of the tiny site, in this process: what it writes,
// and how it fails, always leaving the last output as it was.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { checkSite, type LinkReport } from '../../cli/check/index.ts';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { BuildStepError, buildSite, type BuildOptions, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter, MemoryWriter } from '../../cli/write/writers.ts';
import { filesOf, outputDigest, tinyContentCopy } from '../helpers/build-output.ts';
import { editFile } from '../helpers/content.ts';
import { parsePage } from '../helpers/html.ts';
import { entriesBesideOutput } from '../helpers/output-folder.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';
import { parseXml } from '../helpers/xml.ts';

let tmp: string;
let outDir: string;
let result: BuildResult;
const read = (file: string) => readFile(path.join(outDir, file), 'utf8');
const build = (options: Partial<BuildOptions> & Pick<BuildOptions, 'writer'>) =>
  buildSite({ root: tinyRoot, site: tinySite, ...options });

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-pipeline-'));
  outDir = path.join(tmp, 'dist');
  result = await build({ writer: new DiskWriter(outDir) });
});
after(() => rm(tmp, { recursive: true, force: true }));

test('writes every page, the redirect page, the stylesheet, the images and the site files, and commits them', async () => {
  assert.equal(result.committed, true);
  assert.deepEqual(
    result.pages.map((page) => page.route.path),
    ['/', '/posts/second', '/posts/hello', '/search', '/404'],
  );
  assert.equal(result.redirects, 1);
  const files = [...(await filesOf(outDir)).keys()].sort();
  // Pagefind names the index's chunks by their contents.
  assert.deepEqual(
    files.map((file) => file.replace(/-[A-Z0-9]{8}\.css$/, '-HASH.css').replace(/en_[0-9a-f]+\./, 'en_HASH.')),
    [
      '.sitegen-manifest.json',
      '404.html',
      '_headers',
      '_redirects',
      'assets/site-HASH.css',
      'feed.xml',
      'images/square.svg',
      'index.html',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'old-home/index.html',
      'pagefind/filter/en_HASH.pf_filter',
      'pagefind/fragment/en_HASH.pf_fragment',
      'pagefind/fragment/en_HASH.pf_fragment',
      'pagefind/index/en_HASH.pf_index',
      'pagefind/pagefind-entry.json',
      'pagefind/pagefind-worker.js',
      'pagefind/pagefind.en_HASH.pf_meta',
      'pagefind/pagefind.js',
      'pagefind/parts.json',
      'pagefind/wasm.en.pagefind',
      'pagefind/wasm.unknown.pagefind',
      'posts/hello/index.html',
      'posts/hello/index.md',
      'posts/second/index.html',
      'posts/second/index.md',
      'robots.txt',
      'search/index.html',
      'sitemap.xml',
    ],
  );
  assert.equal(result.files, files.length);
  assert.deepEqual(await entriesBesideOutput(outDir), ['dist'], 'no staging folder is left beside the output');
});

test("renders each page with the site's templates, its Markdown body and highlighted code", async () => {
  const home = parsePage(await read('index.html'));
  assert.deepEqual(home.texts('h1'), ['Tiny']);
  assert.deepEqual(
    home.all((e) => e.name === 'a').map((a) => a.attribs.href),
    ['/posts/second/', '/posts/hello/'],
  );
  const stylesheet = home.all((e) => e.name === 'link' && e.attribs.rel === 'stylesheet')[0]!.attribs.href!;
  assert.match(await read(stylesheet.slice(1)), /body\{/, 'the stylesheet the page names is written');
  const post = await read('posts/hello/index.html');
  assert.match(post, /^<!DOCTYPE html><html lang="en">/);
  assert.match(post, /<p>The first post\. It links <a href="\/">back home<\/a>\.<\/p>/);
  assert.match(post, /<figure data-rehype-pretty-code-figure="">/);
  assert.match(post, /<span style="color:#[0-9A-F]{6}">const<\/span>/, 'the code block is highlighted at build time');
  assert.deepEqual(parsePage(await read('404.html')).texts('h1'), ['Not found']);
});

test('highlights code with the theme the definition names, github-dark-default when it names none', async () => {
  assert.match(await read('posts/hello/index.html'), /<pre [^>]*data-theme="github-dark-default"/);
  const writer = new MemoryWriter();
  const definition = {
    ...tinySite.definition,
    markdown: { ...tinySite.definition.markdown, theme: 'github-light' as const },
  };
  await build({ writer, site: { ...tinySite, definition } });
  const post = writer.text('posts/hello/index.html') ?? '';
  assert.match(post, /<pre [^>]*data-theme="github-light"/);
  assert.doesNotMatch(post, /github-dark-default/);
});

test("writes the sitemap and the feed of the site's pages, with their dates", async () => {
  const sitemap = parseXml(await read('sitemap.xml'));
  assert.deepEqual(
    sitemap.all('url').map((url) => [sitemap.childText(url, 'loc'), sitemap.childText(url, 'lastmod')]),
    [
      ['https://tiny.example/', undefined],
      ['https://tiny.example/posts/second/', '2024-02-03'],
      ['https://tiny.example/posts/hello/', '2024-01-02'],
    ],
  );
  const feed = parseXml(await read('feed.xml'));
  assert.deepEqual(
    feed.all('item').map((item) => [feed.childText(item, 'title'), feed.childText(item, 'link')]),
    [
      ['Second', 'https://tiny.example/posts/second/'],
      ['Hello', 'https://tiny.example/posts/hello/'],
    ],
  );
  assert.match(await read('robots.txt'), /^Sitemap: https:\/\/tiny\.example\/sitemap\.xml$/m);
});

test("leaves a page with a meta refresh and a visible link at a redirect's old address, and a host rule for it", async () => {
  const page = parsePage(await read('old-home/index.html'));
  assert.equal(
    page.all((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'refresh')[0]?.attribs.content,
    '0; url=/',
  );
  assert.equal(page.all((e) => e.name === 'a' && e.attribs.href === '/').length, 1);
  assert.match(await read('_redirects'), /^\/old-home \/ 301!$/m);
  assert.match(await read('_headers'), /^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
});

test('checks the links of its output before committing it, and finds what check-links finds there', async () => {
  assert.ok(result.links, 'the build checked its links');
  assert.deepEqual(result.links.findings, []);
  assert.ok(result.links.checked >= 8, `${result.links.checked} references checked`);
  assert.ok(result.timings.check > 0, 'the check is timed');
  await assertCheckMatches(result.links, outDir);
});

/** A report without what differs between two runs: the time taken and the folder checked (staging, then the output). */
const comparable = ({ durationMs: _, siteDir: __, ...report }: LinkReport) => report;

async function assertCheckMatches(fromBuild: LinkReport, out: string): Promise<void> {
  const standalone = await checkSite(out);
  assert.deepStrictEqual(comparable(fromBuild), comparable(standalone));
  assert.equal(
    JSON.stringify(fromBuild.findings),
    JSON.stringify(standalone.findings),
    'the same findings in the same order',
  );
}

/** Commits even when the check fails, so that the output stays for check-links to read. */
class KeepingWriter extends DiskWriter {
  override async abort(): Promise<void> {
    await this.commit();
  }
}

test('with planted faults the build reports each broken link as check-links does, at the Markdown line it comes from', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  try {
    await editFile(
      path.join(content, 'posts', 'hello.md'),
      '[back home](/)',
      [
        '[a missing page](/nowhere), [a missing section](/#no-such-section),',
        '[a post without its slash](/posts/second) and [a missing file](/files/price-list.pdf)',
      ].join('\n'),
    );
    const out = path.join(dir, 'dist');
    const faulty = await build({ contentDir: content, writer: new KeepingWriter(out) });
    assert.equal(faulty.committed, false);
    assert.deepEqual(
      faulty.links!.findings.map((finding) => [finding.code, finding.href, finding.origin?.line]),
      [
        ['links.missing-page', '/nowhere', 7],
        ['links.missing-fragment', '/#no-such-section', 7],
        ['links.trailing-slash', '/posts/second', 8],
        ['links.missing-file', '/files/price-list.pdf', 8],
      ],
    );
    for (const finding of faulty.links!.findings) assert.match(finding.origin?.file ?? '', /posts\/hello\.md$/);
    await assertCheckMatches(faulty.links!, out);
  } finally {
    await cleanup();
  }
});

test('a broken link keeps the output from being committed; without the check the same output is committed', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  const out = path.join(dir, 'dist');
  try {
    assert.equal((await build({ contentDir: content, writer: new DiskWriter(out) })).committed, true);
    const before = await outputDigest(out);
    await editFile(
      path.join(content, 'posts', 'second.md'),
      'A second post',
      'A second post linking [the first](/posts/helo/)',
    );
    const broken = await build({ contentDir: content, writer: new DiskWriter(out) });
    assert.equal(broken.committed, false);
    const errors = broken.links!.findings.filter((finding) => finding.severity === 'error');
    assert.deepEqual(
      errors.map((finding) => [finding.code, finding.href, finding.origin?.line]),
      [['links.missing-page', '/posts/helo/', 6]],
    );
    assert.match(errors[0]!.origin?.file ?? '', /posts\/second\.md$/);
    assert.equal(await outputDigest(out), before, 'the previous output, byte for byte');
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist'], 'no staging folder is left behind');
    const unchecked = await build({ contentDir: content, writer: new DiskWriter(out), checkLinks: false });
    assert.equal(unchecked.committed, true);
    assert.equal(unchecked.links, undefined);
    assert.match(await readFile(path.join(out, 'posts', 'second', 'index.html'), 'utf8'), /href="\/posts\/helo\/"/);
  } finally {
    await cleanup();
  }
});

test('a broken content file fails the build with its code, file and line, and keeps the previous output', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  const out = path.join(dir, 'dist');
  try {
    await build({ contentDir: content, writer: new DiskWriter(out) });
    const before = await outputDigest(out);
    const modified = (await stat(path.join(out, 'index.html'))).mtimeMs;
    await editFile(path.join(content, 'posts', 'hello.md'), 'tags: [greeting]', 'tags: greeting');
    await assert.rejects(build({ contentDir: content, writer: new DiskWriter(out) }), (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line]),
        [['content.invalid-field', 'posts/hello.md', 4]],
      );
      return true;
    });
    assert.equal(await outputDigest(out), before);
    assert.equal((await stat(path.join(out, 'index.html'))).mtimeMs, modified);
    assert.deepEqual(await entriesBesideOutput(out), ['content', 'dist'], 'no staging folder is left behind');
  } finally {
    await cleanup();
  }
});

test('a page that cannot be written fails the build once the others are written, and keeps the previous output', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-write-'));
  const out = path.join(dir, 'dist');
  /** Fails one page's write the way a full disk would. */
  class FailingWriter extends DiskWriter {
    attempts: string[] = [];
    override async write(file: string, contents: string | Uint8Array): Promise<void> {
      this.attempts.push(file);
      if (file === 'posts/hello/index.html')
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      return super.write(file, contents);
    }
  }
  try {
    await build({ writer: new DiskWriter(out) });
    const before = await outputDigest(out);
    const failing = new FailingWriter(out);
    await assert.rejects(build({ writer: failing }), /ENOSPC/);
    for (const file of ['index.html', 'posts/second/index.html', 'sitemap.xml', '.sitegen-manifest.json'])
      assert.ok(failing.attempts.includes(file), `${file} was still written`);
    assert.equal(await outputDigest(out), before);
    assert.deepEqual(await entriesBesideOutput(out), ['dist'], 'no staging folder is left behind');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a build that replaces an output has removed the version it replaced by the time it resolves', async () => {
  const out = path.join(tmp, 'replaced', 'dist');
  await build({ writer: new DiskWriter(out), checkLinks: false });
  const first = (await stat(out)).ino;
  await build({ writer: new DiskWriter(out), checkLinks: false });
  assert.notEqual((await stat(out)).ino, first, "a new folder in the output's place");
  assert.deepEqual(await entriesBesideOutput(out), ['dist'], "the first build's version is gone");
});

test('builds into memory with the in-memory writer, touching no folder', async () => {
  const writer = new MemoryWriter();
  // The site's folder less the modules the CLI compiles its definition into for a moment (another test may run it).
  const folders = async () =>
    [await readdir(tinyRoot, { recursive: true }), await readdir(tmp, { recursive: true })].map((names) =>
      names.filter((name) => !name.includes('.timestamp-')).sort(),
    );
  const before = await folders();
  const memory = await build({ writer });
  assert.equal(memory.committed, true);
  assert.equal(memory.links, undefined, 'nothing on disk to check');
  assert.deepEqual(
    [...writer.files.keys()].sort(),
    [...(await filesOf(outDir)).keys()].sort(),
    'the files a build to disk writes',
  );
  assert.equal(writer.text('posts/hello/index.html'), await read('posts/hello/index.html'));
  assert.deepEqual(await folders(), before, 'nothing written beside the site or the outputs');
});

test('a failure that is no problem of the site names the step it happened in; a located problem passes as it is', async () => {
  const failing = (model: () => never) => ({ ...tinySite, definition: { ...tinySite.definition, model } });
  await assert.rejects(
    build({
      writer: new MemoryWriter(),
      site: failing(() => {
        throw new TypeError('no such property');
      }),
    }),
    (error: unknown) => {
      assert.ok(error instanceof BuildStepError);
      assert.equal(error.step, 'validate');
      assert.ok(error.cause instanceof TypeError);
      return true;
    },
  );
  const problem = new SiteError({
    code: 'content.invalid-field',
    message: 'refused',
    file: 'content/data/site.json',
    line: 1,
  });
  await assert.rejects(
    build({
      writer: new MemoryWriter(),
      site: failing(() => {
        throw problem;
      }),
    }),
    (error: unknown) => error === problem,
  );
  const full = new (class extends MemoryWriter {
    override async commit(): Promise<void> {
      throw new Error('no space left on device');
    }
  })();
  await assert.rejects(
    build({ writer: full }),
    (error: unknown) =>
      error instanceof BuildStepError && error.step === 'commit' && /no space left/.test(error.message),
  );
});
