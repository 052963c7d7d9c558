import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { RenderedPage } from '../../cli/render/render-page.ts';
import { withIslandScripts } from '../../cli/render/island-scripts.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import { parsePage } from '../helpers/html.ts';

const bundle = sampleBundle();

/** A page holding `islands`, those named in `eager` needed at once. */
function page(islands: string[], eager: string[] = islands): RenderedPage {
  return {
    route: {
      path: '/x',
      url: '/x/',
      file: 'x/index.html',
      page: { kind: 'home' },
      source: 'content/data/home.json',
      indexable: true,
      bodies: [],
    },
    html: '<!DOCTYPE html><html lang="en"><head><title>X</title></head><body><main><p>body</p></main></body></html>',
    links: [],
    islands,
    eagerIslands: eager,
  };
}

/** The scripts and module preloads in a page's head, in order. */
function headScripts(html: string): { preloads: string[]; modules: string[] } {
  const parsed = parsePage(html);
  const inHead = (e: { parent: unknown }) => (e.parent as { name?: string } | null)?.name === 'head';
  return {
    preloads: parsed
      .all((e) => e.name === 'link' && e.attribs.rel === 'modulepreload' && inHead(e))
      .map((e) => e.attribs.href!),
    modules: parsed
      .all((e) => e.name === 'script' && e.attribs.type === 'module' && inHead(e))
      .map((e) => e.attribs.src!),
  };
}

test('returns a page without islands unchanged, with no hydration script', () => {
  const before = page([]);
  const after = withIslandScripts(before, bundle);
  assert.equal(after.html, before.html);
  assert.deepEqual(headScripts(after.html), { preloads: [], modules: [] });
});

test('adds the hydration script as a module in the head of a page with islands', () => {
  const { modules } = headScripts(withIslandScripts(page(['BlogExplorer']), bundle).html);
  assert.deepEqual(modules, [bundle.hydrateScript]);
});

test('preloads an island needed at once, every chunk it imports and the renderer the hydration script imports, each once', () => {
  const { preloads } = headScripts(withIslandScripts(page(['BlogExplorer']), bundle).html);
  assert.deepEqual(preloads.sort(), [
    '/assets/chunks/mount-island-MOUN.js',
    '/assets/chunks/react-REAC.js',
    '/assets/islands/BlogExplorer-BLOG.js',
  ]);
});

test('preloads nothing for islands that wait: their code and the framework come when they load', () => {
  const { preloads, modules } = headScripts(withIslandScripts(page(['BlogExplorer'], []), bundle).html);
  assert.deepEqual(preloads, []);
  assert.deepEqual(modules, [bundle.hydrateScript], 'the hydration script still loads, to wait for them');
});

test('preloads only the islands needed at once when others wait', () => {
  const { preloads } = headScripts(
    withIslandScripts(page(['TestimonialCarousel', 'BlogExplorer'], ['BlogExplorer']), bundle).html,
  );
  assert.ok(preloads.includes('/assets/islands/BlogExplorer-BLOG.js'));
  assert.ok(!preloads.includes('/assets/islands/TestimonialCarousel-CARO.js'), 'a waiting island');
  assert.ok(!preloads.includes('/assets/chunks/carousel-util-UTIL.js'), 'a chunk only the waiting island needs');
});

test('preloads the chunks of every island on the page and no other island', () => {
  const { preloads } = headScripts(withIslandScripts(page(['TestimonialCarousel', 'BlogExplorer']), bundle).html);
  assert.deepEqual(preloads.sort(), [
    '/assets/chunks/carousel-util-UTIL.js',
    '/assets/chunks/mount-island-MOUN.js',
    '/assets/chunks/react-REAC.js',
    '/assets/islands/BlogExplorer-BLOG.js',
    '/assets/islands/TestimonialCarousel-CARO.js',
  ]);
  const single = headScripts(withIslandScripts(page(['BlogExplorer']), bundle).html).preloads;
  assert.ok(!single.includes('/assets/chunks/carousel-util-UTIL.js'), 'a chunk only another island needs');
});

test('fetches the hydration script and every preload at low priority, so no script stands before the first paint', () => {
  const parsed = parsePage(withIslandScripts(page(['TestimonialCarousel', 'BlogExplorer']), bundle).html);
  const scripts = parsed.all(
    (e) =>
      (e.name === 'link' && e.attribs.rel === 'modulepreload') || (e.name === 'script' && e.attribs.type === 'module'),
  );
  assert.equal(scripts.length, 6);
  assert.deepEqual([...new Set(scripts.map((e) => e.attribs.fetchpriority))], ['low']);
});

test('never preloads the hydration script itself or the site script', () => {
  const { preloads } = headScripts(withIslandScripts(page(['BlogExplorer']), bundle).html);
  assert.ok(!preloads.includes(bundle.hydrateScript));
  assert.ok(!preloads.includes(bundle.siteScript));
});

test('keeps the rest of the page and its record as they were', () => {
  const before = page(['BlogExplorer']);
  const after = withIslandScripts(before, bundle);
  assert.equal(after.route, before.route);
  assert.deepEqual(after.islands, ['BlogExplorer']);
  assert.equal(
    after.html.replace(/<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>/g, ''),
    before.html,
  );
});
