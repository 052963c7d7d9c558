import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Bundle } from '../../cli/bundle/bundle-client.ts';
import { pagesToRender } from '../../cli/dev/affected-pages.ts';
import { classifyChanges } from '../../cli/dev/classify.ts';
import { loadDevRenderer, type DevRenderer } from '../../cli/dev/dev-renderer.ts';
import * as renderModule from '../../cli/render/render-page.tsx';
import { buildRoutes, type PageSpec, type Route } from '../../cli/route/routes.ts';
import type { SiteModel } from '../../cli/validate/model.ts';
import { projectRoot } from '../helpers/content.ts';
import { sampleBundle } from '../helpers/fake-bundle.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

const root = path.resolve('/project');
const contentDir = path.join(root, 'content');
const at = (...parts: string[]) => path.join(root, ...parts);

function route(urlPath: string, page: PageSpec, source: string): Route {
  return { path: urlPath, url: urlPath, file: `${urlPath.slice(1) || 'index'}/index.html`, page, source, indexable: true };
}

// A small site: each page's source file as the build records it (absolute paths).
const routes = {
  home: route('/', { kind: 'home' }, at('content', 'data', 'home.json')),
  blog: route('/blog', { kind: 'blog-index' }, at('content', 'data', 'blog.json')),
  postA: route('/blog/a', { kind: 'blog-post', slug: 'a' }, at('content', 'posts', 'a.md')),
  postB: route('/blog/b', { kind: 'blog-post', slug: 'b' }, at('content', 'posts', 'b.md')),
  guide: route('/guides/content/playwright', { kind: 'guide-article', topic: 'playwright' }, at('content', 'guides', 'playwright.md')),
  terms: route('/terms', { kind: 'legal', slug: 'terms' }, at('content', 'legal', 'terms.md')),
  toolkit: route('/pom-files', { kind: 'toolkit' }, at('content', 'data', 'toolkit.json')),
  notFound: route('/404', { kind: 'not-found' }, at('content', 'data', 'ui.json')),
};

// What each page template imports, as esbuild's graph would say (project-relative).
const shared = ['templates/components/Layout.tsx', 'templates/components/Header.tsx'];
const renderer: DevRenderer = {
  renderer: renderModule,
  templateFileOf: renderModule.templateFileOf,
  dependencies: new Map(Object.entries({
    'templates/pages/home.tsx': ['templates/pages/home.tsx', ...shared, 'templates/components/Island.tsx', 'client/islands/TestimonialCarousel.tsx'],
    'templates/pages/blog-index.tsx': ['templates/pages/blog-index.tsx', ...shared, 'templates/components/Island.tsx', 'client/islands/BlogExplorer.tsx'],
    'templates/pages/blog-post.tsx': ['templates/pages/blog-post.tsx', ...shared, 'templates/components/Prose.tsx'],
    'templates/pages/guide-article.tsx': ['templates/pages/guide-article.tsx', ...shared, 'templates/components/Prose.tsx'],
    'templates/pages/legal.tsx': ['templates/pages/legal.tsx', ...shared, 'templates/components/Prose.tsx'],
    'templates/pages/not-found.tsx': ['templates/pages/not-found.tsx', ...shared],
    // toolkit.tsx is left out: a page whose template the graph does not know.
  }).map(([file, deps]) => [file, new Set(deps)])),
};

const bundle = sampleBundle();
const withChanges = (changes: Partial<Bundle>): Bundle => ({ ...bundle, ...changes });

/** Paths of the pages an edit of `files` re-renders, given the bundle before and after it. */
function rerendered(files: string[], before: Bundle | undefined = bundle, after: Bundle = bundle): string[] {
  const select = pagesToRender(root, classifyChanges(root, contentDir, files), renderer, before, after);
  return Object.values(routes).filter(select).map((r) => r.path);
}

const every = Object.values(routes).map((r) => r.path);

test('renders every page when there is no earlier bundle (the first build)', () => {
  const select = pagesToRender(root, classifyChanges(root, contentDir, []), renderer, undefined, bundle);
  assert.deepEqual(Object.values(routes).filter(select).map((r) => r.path), every);
});

test('renders no page when nothing changed', () => {
  assert.deepEqual(rerendered([]), []);
});

test('a post edit re-renders that post and the blog list only', () => {
  assert.deepEqual(rerendered([at('content', 'posts', 'a.md')]), ['/blog', '/blog/a']);
});

test('a guide article edit re-renders that article only', () => {
  assert.deepEqual(rerendered([at('content', 'guides', 'playwright.md')]), ['/guides/content/playwright']);
});

test('a legal page edit re-renders that page only', () => {
  assert.deepEqual(rerendered([at('content', 'legal', 'terms.md')]), ['/terms']);
});

test('a dataset edit re-renders every page (any page may show any dataset)', () => {
  assert.deepEqual(rerendered([at('content', 'data', 'site.json')]), every);
});

test('a toolkit text edit re-renders every page', () => {
  assert.deepEqual(rerendered([at('content', 'toolkit', 'pom-readme.md')]), every);
});

test('an image edit re-renders every page', () => {
  assert.deepEqual(rerendered([at('content', 'images', 'hero.svg')]), every);
});

test('a post edit together with a dataset edit re-renders every page', () => {
  assert.deepEqual(rerendered([at('content', 'posts', 'a.md'), at('content', 'data', 'blog.json')]), every);
});

test('a page template edit re-renders the pages of that template, and pages whose template is unknown', () => {
  assert.deepEqual(rerendered([at('templates', 'pages', 'blog-post.tsx')]), ['/blog/a', '/blog/b', '/pom-files']);
});

test('a component edit re-renders the pages whose template imports it', () => {
  assert.deepEqual(rerendered([at('templates', 'components', 'Prose.tsx')]), ['/blog/a', '/blog/b', '/guides/content/playwright', '/terms', '/pom-files']);
  assert.deepEqual(rerendered([at('templates', 'components', 'Header.tsx')]), every);
});

test('a template nothing imports re-renders only pages whose template is unknown', () => {
  assert.deepEqual(rerendered([at('templates', 'components', 'Unused.tsx')]), ['/pom-files']);
});

test('a style edit that renames the stylesheet re-renders every page (each links the new name)', () => {
  assert.deepEqual(rerendered([at('templates', 'styles', 'site.css')], bundle, withChanges({ stylesheet: '/assets/site-BBBB.css' })), every);
});

test('a style edit that leaves the stylesheet as it was re-renders no page', () => {
  assert.deepEqual(rerendered([at('templates', 'styles', 'site.css')]), []);
});

test('a site script edit that renames it re-renders every page', () => {
  assert.deepEqual(rerendered([at('client', 'site.ts')], bundle, withChanges({ siteScript: '/assets/site-NEW1.js' })), every);
});

test('an island edit that renames its bundle re-renders the pages with islands, and unknown ones', () => {
  const after = withChanges({ islands: { ...bundle.islands, BlogExplorer: '/assets/islands/BlogExplorer-NEW1.js' } });
  assert.deepEqual(rerendered([at('client', 'islands', 'BlogExplorer.tsx')], bundle, after), ['/', '/blog', '/pom-files']);
});

test('a hydration script edit that renames it re-renders the pages with islands, and unknown ones', () => {
  assert.deepEqual(rerendered([at('client', 'hydrate.ts')], bundle, withChanges({ hydrateScript: '/assets/hydrate-NEW1.js' })), ['/', '/blog', '/pom-files']);
});

test('a client edit that leaves every bundle name re-renders the pages that server-render that file', () => {
  assert.deepEqual(rerendered([at('client', 'islands', 'BlogExplorer.tsx')]), ['/blog', '/pom-files']);
});

/** The real site's routes and template graph, compiled once for the tests that need them. */
let realSite: Promise<{ model: SiteModel; realRoutes: Route[]; real: DevRenderer }> | undefined;
function loadRealSite() {
  realSite ??= Promise.all([loadSiteModel(), loadDevRenderer(projectRoot)]).then(([{ model }, real]) => ({ model, realRoutes: buildRoutes(model), real }));
  return realSite;
}

test('with the real template graph, an edit of Island.tsx re-renders exactly the page kinds that show islands', async () => {
  const { realRoutes, real } = await loadRealSite();
  const select = pagesToRender(projectRoot, classifyChanges(projectRoot, path.join(projectRoot, 'content'), [path.join(projectRoot, 'templates', 'components', 'Island.tsx')]), real, bundle, bundle);
  const kinds = new Set(realRoutes.filter(select).map((r) => r.page.kind));
  assert.deepEqual([...kinds].sort(), ['blog-index', 'case-studies', 'getting-started', 'guide', 'home', 'toolkit']);
});

test('with the real template graph, an edited post re-renders that post and the blog list only', async () => {
  const { model, realRoutes, real } = await loadRealSite();
  const post = model.posts[0]!;
  const select = pagesToRender(projectRoot, classifyChanges(projectRoot, path.join(projectRoot, 'content'), [post.file]), real, bundle, bundle);
  assert.deepEqual(realRoutes.filter(select).map((r) => r.path).sort(), ['/blog', `/blog/${post.slug}`]);
});

test('a post edit re-renders only that post and the blog list when the project sits under a folder named toolkit', () => {
  const parent = path.resolve('/home/toolkit/site');
  const post = route('/blog/a', { kind: 'blog-post', slug: 'a' }, path.join(parent, 'content', 'posts', 'a.md'));
  const home = route('/', { kind: 'home' }, path.join(parent, 'content', 'data', 'home.json'));
  const select = pagesToRender(parent, classifyChanges(parent, path.join(parent, 'content'), [post.source]), renderer, bundle, bundle);
  assert.deepEqual([home, post].filter(select).map((r) => r.path), ['/blog/a']);
});

test('a guide edit does not re-render the blog list when the project sits under a folder named posts', () => {
  const parent = path.resolve('/home/posts/site');
  const guide = route('/guides/content/playwright', { kind: 'guide-article', topic: 'playwright' }, path.join(parent, 'content', 'guides', 'playwright.md'));
  const blog = route('/blog', { kind: 'blog-index' }, path.join(parent, 'content', 'data', 'blog.json'));
  const select = pagesToRender(parent, classifyChanges(parent, path.join(parent, 'content'), [guide.source]), renderer, bundle, bundle);
  assert.deepEqual([blog, guide].filter(select).map((r) => r.path), ['/guides/content/playwright']);
});
