// The steps of a build one by one (cli/pipeline/*-step.ts), on the tiny site, with a hand-made
// bundle: no esbuild, no disk output.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import type { SiteDefinition } from '../../cli/config/site-definition.ts';
import { imageIndex } from '../../cli/images/image-index.ts';
import { planImage } from '../../cli/images/variant-plan.ts';
import { pageBudgets } from '../../cli/pipeline/assets-step.ts';
import { hasStagingFolder } from '../../cli/pipeline/check-step.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { renderStep, type RenderOptions } from '../../cli/pipeline/render-step.ts';
import { routeStep, type RoutedStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { siteFiles, StagedWrites } from '../../cli/pipeline/write-step.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { SiteFacts } from '../../cli/check/site-facts.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import { claimStep } from '../../cli/pipeline/claim-step.ts';

const bundle = sampleBundle();
const content = path.join(tinyRoot, 'content');

/** The tiny site loaded, validated and routed; with `site`, another definition over the same content. */
async function routedSite(site = tinySite): Promise<RoutedStep> {
  return routeStep(validateStep(await loadStep(site, tinyRoot, content)));
}

const routed = await routedSite();
const images = imageIndex(
  routed.images.svg,
  routed.images.raster.map((image) => planImage(image)),
);
const render = (site: RoutedStep, options: Partial<RenderOptions> = {}) =>
  renderStep(site, { bundle, images, cache: new Cache(undefined), emit: () => undefined, ...options });

test('load reads every content file and image the definition names; validate builds the model from them', async () => {
  assert.deepEqual(
    routed.raw.collections.posts!.map((post) => path.basename(post.file)),
    ['hello.md', 'second.md'],
  );
  assert.deepEqual([...routed.raw.data.keys()], ['site']);
  assert.deepEqual(
    routed.images.svg.map((image) => image.url),
    ['/images/square.svg'],
  );
  assert.equal(routed.imagesDir, path.join(content, 'images'));
  assert.deepEqual(routed.settings, { siteUrl: 'https://tiny.example', trailingSlash: 'always', language: 'en' });
  assert.deepEqual(routed.productionProblems, []);
});

test('route gives one route per page of the site and its redirects, each with the file it is written to', () => {
  assert.deepEqual(
    routed.routes.map((route) => [route.path, route.file]),
    [
      ['/', 'index.html'],
      ['/posts/second', 'posts/second/index.html'],
      ['/posts/hello', 'posts/hello/index.html'],
      ['/search', 'search/index.html'],
      ['/404', '404.html'],
    ],
  );
  assert.deepEqual(routed.routes.find((route) => route.path === '/posts/hello')!.bodies, [
    path.join(content, 'posts', 'hello.md'),
  ]);
  assert.deepEqual(
    routed.redirects.map((redirect) => [redirect.from, redirect.to, redirect.file]),
    [['/old-home', '/', 'old-home/index.html']],
  );
});

test('renders a routed site and stages every file of it with the in-memory writer', async () => {
  const emitted = new Map<string, string>();
  const site = await render(routed, { emit: (file, html) => emitted.set(file, html) });
  assert.equal(site.pages.length, routed.routes.length);
  assert.equal(site.renderedPages, routed.routes.length);
  assert.match(emitted.get('posts/hello/index.html')!, /<h1>Hello<\/h1>/);
  assert.match(
    emitted.get('posts/hello/index.html')!,
    /<link rel="stylesheet" href="\/assets\/site-AAAA\.css"\/>/,
    "the bundle's stylesheet",
  );
  const writer = new MemoryWriter();
  const staged = new StagedWrites(writer);
  for (const [file, html] of emitted) staged.write(file, html);
  const written = await staged.finish(
    siteFiles(site, claimStep(routed, { outputs: [], index: site.imageIndex }, { files: [] })),
  );
  assert.equal(written, writer.files.size);
  for (const file of [
    'index.html',
    'posts/hello/index.html',
    'old-home/index.html',
    'sitemap.xml',
    'feed.xml',
    'robots.txt',
    '_redirects',
    '_headers',
    '.sitegen-manifest.json',
    'assets/site-AAAA.css',
    'images/square.svg',
  ]) {
    assert.ok(writer.files.has(file), `${file} written`);
  }
  assert.equal(hasStagingFolder(writer), false, 'nothing on disk to check');
  const budgets = pageBudgets(bundle, site.pages);
  assert.deepEqual(
    budgets.map((budget) => [budget.path, budget.bytes, budget.islands]),
    site.pages.map((page) => [page.route.path, 100, []]),
    'every page loads the site script alone',
  );
});

test("hands each page and redirect page to `emit` as it is rendered, Markdown links at their lines in the page's record", async () => {
  const order: string[] = [];
  const site = await render(routed, { emit: (file) => order.push(file) });
  assert.deepEqual([...order].sort(), [...routed.routes.map((route) => route.file), 'old-home/index.html'].sort());
  assert.equal(order.at(-1), 'old-home/index.html', 'redirect pages come once the pages are done');
  assert.deepEqual(
    site.bodyLinks.get('/posts/hello')!.map((link) => [link.href, link.origin.kind, link.origin.line]),
    [['/', 'markdown', 7]],
  );
  assert.deepEqual(site.bodyLinks.get('/')!, []);
});

/** Every string reachable from `root` through objects, arrays, maps and sets. */
function reachableStrings(root: unknown): Set<string> {
  const strings = new Set<string>();
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') strings.add(value);
    if (typeof value !== 'object' || value === null || seen.has(value) || ArrayBuffer.isView(value)) continue;
    seen.add(value);
    if (value instanceof Map) for (const entry of value) stack.push(...entry);
    else if (value instanceof Set) stack.push(...value);
    else stack.push(...Object.values(value));
  }
  return strings;
}

test("what the render hands the later steps, and the link checker's facts, hold no page or Markdown copy it emitted", async () => {
  const emitted: string[] = [];
  const facts = new SiteFacts();
  const staged = new StagedWrites(new MemoryWriter(), facts);
  const site = await render(routed, {
    emit: (file, html) => {
      emitted.push(html);
      staged.write(file, html);
    },
    emitCopy: (copy) => {
      emitted.push(copy.text);
      staged.writeMarkdown(copy.file, copy.text, copy.refs);
    },
  });
  await staged.settle();
  assert.ok(emitted.length > routed.routes.length, 'pages and their copies were emitted');
  const held = reachableStrings([site, facts]);
  for (const text of emitted) assert.ok(!held.has(text), `held after it was emitted: ${text.slice(0, 80)}`);
});

test('renders only the routes `only` asks for, and no redirect page', async () => {
  const calls: string[] = [];
  const counting: SiteDefinition<TinyModel, TinyPage> = {
    ...tinySite.definition,
    render: (page, context) => {
      calls.push(context.route.path);
      return tinySite.definition.render(page, context);
    },
  };
  const emitted: string[] = [];
  const site = await render(await routedSite(loadedSite(counting)), {
    only: (route) => route.path === '/posts/hello',
    emit: (file) => emitted.push(file),
  });
  assert.deepEqual(calls, ['/posts/hello']);
  assert.deepEqual(emitted, ['posts/hello/index.html']);
  assert.deepEqual(
    site.pages.map((page) => page.route.path),
    ['/posts/hello'],
  );
});

test('a write that fails is reported once every other write has ended', async () => {
  const writer = new MemoryWriter();
  const failing = Object.assign(Object.create(writer) as MemoryWriter, {
    write: async (file: string, contents: string | Uint8Array) => {
      if (file === 'b.txt') throw new Error('ENOSPC');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writer.write(file, contents);
    },
  });
  const staged = new StagedWrites(failing);
  staged.write('a.txt', 'a');
  await assert.rejects(
    staged.finish(
      new Map([
        ['b.txt', 'b'],
        ['c.txt', 'c'],
      ]),
    ),
    /ENOSPC/,
  );
  assert.deepEqual([...writer.files.keys()].sort(), ['a.txt', 'c.txt']);
});
