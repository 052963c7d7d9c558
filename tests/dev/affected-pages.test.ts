import assert from 'node:assert/strict';
import { cp, mkdir, readdir, rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache, cacheFolder } from '../../cli/cache/cache.ts';
import { classifyChanges } from '../../cli/dev/classify.ts';
import { IncrementalBuild, type DevOutput } from '../../cli/dev/incremental-build.ts';
import { editFile } from '../helpers/content.ts';
import { copyTinySite, type SiteCopy } from '../helpers/tiny-copy.ts';

// Which pages an edit renders again in `sitegen dev`: a page is taken from the page cache
// unless something it is made from changed (cli/pipeline/page-reuse.ts). Every page is made from
// the site's model, code, stylesheet and images; a post's page also from its body. The tiny
// site's content sits here under folders named like content folders (posts/images/toolkit), which
// must not change what an edit touches.

let site: SiteCopy;
let content: string;
let build: IncrementalBuild;
/** The tiny site's home, two posts, search and 404 pages. */
const pages = 5;

before(async () => {
  site = await copyTinySite();
  content = path.join(path.dirname(site.root), 'posts', 'images', 'toolkit', 'content');
  await mkdir(path.dirname(content), { recursive: true });
  await cp(site.content, content, { recursive: true });
  await rm(site.content, { recursive: true });
  build = new IncrementalBuild({
    root: site.root,
    contentDir: content,
    env: {},
    cache: new Cache(cacheFolder(site.root)),
  });
});
after(async () => {
  await build.close();
  await site.cleanup();
});

/**
 * Applies the edits made to `files` as the dev server does, and returns the new output once its
 * search index is made: that index is written to the cache after the output is returned.
 */
async function update(...files: string[]): Promise<DevOutput> {
  const output = await build.update(classifyChanges(content, path.join(site.root, 'templates'), files));
  await output.searchIndex;
  return output;
}
const text = (output: DevOutput, file: string) => String(output.files.get(file));
const at = (...parts: string[]) => path.join(content, ...parts);

test('the first build renders every page; with nothing changed no page renders again', async () => {
  const first = await build.buildAll();
  assert.deepEqual([first.pages, first.rendered], [pages, pages]);
  const again = await update();
  assert.deepEqual([again.pages, again.rendered], [pages, 0]);
  assert.equal(text(again, 'posts/hello/index.html'), text(first, 'posts/hello/index.html'));
});

test("an edit of a post's text renders that post's page alone", async () => {
  await editFile(at('posts', 'hello.md'), 'The first post.', 'The first post, edited.');
  const output = await update(at('posts', 'hello.md'));
  assert.equal(output.rendered, 1);
  assert.match(text(output, 'posts/hello/index.html'), /The first post, edited\./);
});

test('after an edit, unchanged pages come from the last render in memory: with the cache emptied, the edited page alone is rendered and stored', async () => {
  const cache = cacheFolder(site.root);
  await rm(cache, { recursive: true, force: true });
  const before = await update();
  await editFile(at('posts', 'hello.md'), 'The first post, edited.', 'The first post, edited. Once more.');
  const output = await update(at('posts', 'hello.md'));
  assert.equal(before.rendered, 0);
  assert.equal(output.rendered, 1);
  assert.match(text(output, 'posts/hello/index.html'), /The first post, edited\. Once more\./);
  assert.equal(text(output, 'posts/second/index.html'), text(before, 'posts/second/index.html'));
  // Only the page rendered afresh went into the page cache: the others were not read from it, nor rendered.
  const stored = (await readdir(path.join(cache, 'pages'), { recursive: true, withFileTypes: true })).filter((entry) =>
    entry.isFile(),
  );
  assert.equal(stored.length, 1);
});

test('an edit of what the model holds (a title, a dataset, both with a post) renders every page', async () => {
  await editFile(at('posts', 'second.md'), 'title: Second', 'title: Second, renamed');
  const title = await update(at('posts', 'second.md'));
  assert.equal(title.rendered, pages);
  assert.match(text(title, 'index.html'), />Second, renamed<\/a>/);
  await editFile(at('data', 'site.json'), '"title": "Tiny"', '"title": "Tiny, edited"');
  const dataset = await update(at('data', 'site.json'));
  assert.equal(dataset.rendered, pages);
  assert.match(text(dataset, 'index.html'), /<h1>Tiny, edited<\/h1>/);
  await editFile(at('posts', 'hello.md'), 'The first post, edited.', 'The first post, edited twice.');
  await editFile(at('data', 'site.json'), '"title": "Tiny, edited"', '"title": "Tiny, edited again"');
  assert.equal((await update(at('posts', 'hello.md'), at('data', 'site.json'))).rendered, pages);
  // The dataset back as it was: the pages cached with that model are taken again, and only the
  // post whose body changed since renders.
  await editFile(at('data', 'site.json'), '"title": "Tiny, edited again"', '"title": "Tiny, edited"');
  const back = await update(at('data', 'site.json'));
  assert.equal(back.rendered, 1);
  assert.match(text(back, 'posts/hello/index.html'), /The first post, edited twice\./);
});

test('an added image renders every page (any page may show any image)', async () => {
  await cp(at('images', 'square.svg'), at('images', 'another.svg'));
  const output = await update(at('images', 'another.svg'));
  assert.equal(output.rendered, pages);
  assert.ok(output.files.has('images/another.svg'));
});

test('a deleted post leaves the output, and the pages that list it render again', async () => {
  await rm(at('posts', 'second.md'));
  const output = await update(at('posts', 'second.md'));
  assert.deepEqual([output.pages, output.rendered], [pages - 1, pages - 1]);
  assert.equal(output.files.has('posts/second/index.html'), false);
  assert.doesNotMatch(text(output, 'index.html'), /posts\/second/);
  await writeFile(at('posts', 'second.md'), '---\ntitle: Second\ndate: 2024-02-03\n---\n\nBack again.\n');
  assert.equal((await update(at('posts', 'second.md'))).pages, pages);
});

test("a template edit renders every page: the site's code is part of each page's key", async () => {
  await editFile(
    path.join(site.root, 'templates', 'pages.tsx'),
    '<main>{children}</main>',
    '<main data-edited="">{children}</main>',
  );
  const output = await update(path.join(site.root, 'templates', 'pages.tsx'));
  assert.equal(output.rendered, pages);
  assert.match(text(output, 'posts/hello/index.html'), /<main data-edited="">/);
});

test('a style edit that renames the stylesheet renders every page; one that leaves it as it was renders none', async () => {
  const styles = path.join(site.root, 'templates', 'styles.css');
  const before = (await update()).bundle.stylesheet;
  await writeFile(styles, `${await readFile(styles, 'utf8')}\n.edited { color: red; }\n`);
  const renamed = await update(styles);
  assert.notEqual(renamed.bundle.stylesheet, before);
  assert.equal(renamed.rendered, pages);
  assert.match(text(renamed, 'index.html'), new RegExp(`href="${renamed.bundle.stylesheet}"`));
  // Saved again without a change: the same stylesheet.
  await writeFile(styles, await readFile(styles, 'utf8'));
  const same = await update(styles);
  assert.equal(same.bundle.stylesheet, renamed.bundle.stylesheet);
  assert.equal(same.rendered, 0);
});
