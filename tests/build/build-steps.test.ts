import assert from 'node:assert/strict';
import path from 'node:path';
import { after, test } from 'node:test';
import { islands as islandRegistry } from '../../client/islands/index.ts';
import {
  checkStagedOutput, loadInputs, SiteFacts, markdownSources, pageBudgets, renderSite, routeSite, siteFiles, StagedWrites, validateSite,
  type Renderer, type RoutedSite,
} from '../../cli/build/build-steps.ts';
import { imageIndex } from '../../cli/images/image-index.ts';
import { planImage } from '../../cli/images/variant-plan.ts';
import { prepareMarkdown } from '../../cli/render/markdown/render-all-markdown.ts';
import * as compiledRenderer from '../../cli/render/render-page.tsx';
import type { Bundle } from '../../cli/bundle/bundle-client.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { projectRoot } from '../helpers/content.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';

// The steps on the real content, with a hand-made bundle: no esbuild, no disk output.
const content = path.join(projectRoot, 'content');
const sample = sampleBundle();
/** Every island of the registry points at one of the sample's island bundles. */
const bundle: Bundle = { ...sample, islands: Object.fromEntries(Object.keys(islandRegistry).map((name) => [name, sample.islands.BlogExplorer!])) };
const loaded = await loadInputs(projectRoot, content);
const routed: RoutedSite = routeSite(validateSite(loaded, { now: new Date('2026-11-21T00:00:00Z') }));
const markdown = prepareMarkdown(content);
after(() => markdown.close());
/** The images as pages see them; their files are not made here (tests/images covers that). */
const images = imageIndex(routed.images, routed.rasterImages.map((image) => planImage(image)));
const render = (options: Partial<Parameters<typeof renderSite>[1]> = {}) =>
  renderSite(routed, { bundle, markdown: markdown.renderAll(markdownSources(loaded.raw)), images, ...options });

/** The compiled-in renderer, recording the path of every page it renders. */
function countingRenderer(calls: string[]): Renderer {
  return {
    renderPage: (route, context) => {
      calls.push(route.path);
      return compiledRenderer.renderPage(route, context);
    },
    renderRedirect: compiledRenderer.renderRedirect,
  };
}

test('routes the validated model: one route per page, each post under /blog', () => {
  assert.ok(routed.routes.some((route) => route.path === '/blog/ai-powered-bug-reports'), routed.routes.map((route) => route.path).join(' '));
  assert.ok(routed.routes.some((route) => route.path === '/'));
});

test('renders a routed site and stages every file of it with the in-memory writer', async () => {
  const site = await render();
  assert.equal(site.pages.length, routed.routes.length);
  assert.match(site.html.get('blog/ai-powered-bug-reports/index.html')!, /<h1>/);
  assert.equal(site.markdown.size, markdownSources(loaded.raw).length, 'every Markdown body was rendered');
  const writer = new MemoryWriter();
  const written = await new StagedWrites(writer).finish(siteFiles(site));
  assert.equal(written, writer.files.size);
  for (const file of ['index.html', 'blog/ai-powered-bug-reports/index.html', 'sitemap.xml', 'feed.xml', '_redirects', '.sitegen-manifest.json', 'assets/site-AAAA.css']) {
    assert.ok(writer.files.has(file), `${file} written`);
  }
  assert.equal(await checkStagedOutput(writer, new SiteFacts()), undefined, 'nothing on disk to check');
  const budgets = pageBudgets(bundle, site.pages);
  assert.equal(budgets.length, site.pages.length);
  assert.ok(budgets.every((budget) => budget.bytes >= 100), 'every page loads the site script');
});

test('hands each page to `emit` as it is rendered and keeps none of them', async () => {
  const emitted = new Map<string, string>();
  const site = await render({ emit: (file, html) => emitted.set(file, html) });
  assert.equal(site.html.size, 0);
  assert.equal(site.rendered.size, 0);
  assert.ok(emitted.has('blog/ai-powered-bug-reports/index.html') && emitted.has('index.html'));
  assert.equal(emitted.size, routed.routes.length + routed.redirects.length);
});

test('re-renders only the pages asked for and keeps the last rendering of the others', async () => {
  const first = await render();
  const calls: string[] = [];
  const again = await render({ renderer: countingRenderer(calls), previous: first.rendered, rerender: (route) => route.path === '/blog/ai-powered-bug-reports' });
  assert.deepEqual(calls, ['/blog/ai-powered-bug-reports']);
  assert.equal(again.html.get('index.html'), first.html.get('index.html'));
  assert.equal(again.rendered.get('/')!, first.rendered.get('/')!, 'the very same rendering');
});

test('a write that fails is reported once every other write has ended', async () => {
  const writer = new MemoryWriter();
  const failing = Object.assign(Object.create(writer) as MemoryWriter, {
    write: async (file: string, contents: string | Uint8Array) => {
      if (file === 'b.txt') throw new Error('ENOSPC');
      await writer.write(file, contents);
    },
  });
  const staged = new StagedWrites(failing);
  staged.write('a.txt', 'a');
  await assert.rejects(staged.finish(new Map([['b.txt', 'b'], ['c.txt', 'c']])), /ENOSPC/);
  assert.deepEqual([...writer.files.keys()].sort(), ['a.txt', 'c.txt']);
});
