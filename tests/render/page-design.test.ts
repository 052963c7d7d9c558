import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Element } from 'domhandler';
import { pageHref } from '../../cli/route/trailing-slash.ts';
import { balancedColumns } from '../../templates/components/grid-columns.ts';
import type { SitePage } from '../../templates/site/routes.ts';
import { parsePage, type Page } from '../helpers/html.ts';
import { sitePages, type SiteRoute } from '../helpers/site-pages.ts';

// The design system as it shows in the HTML: the preloaded font, where the header's overview
// links land, what ends a post or a guide, the 404's first action, balanced grids.

const font = '/assets/inter-latin-wght-normal-TEST.woff2';
const pages = await sitePages({ assets: { fonts: [font] } });
const { model, routes } = pages;
const href = (sitePath: string) => pageHref(sitePath, model.data.site.trailingSlash);
const pageAt = (predicate: (route: SiteRoute) => boolean): Page =>
  parsePage(pages.render(routes.find(predicate)!).html);
const byKind = (kind: SitePage['kind']) => pageAt((route) => route.page.kind === kind);
const home = pageAt((route) => route.path === '/');

const isElement = (node: unknown): node is Element => typeof node === 'object' && node !== null && 'attribs' in node;
/** Every element under `root` matching `predicate`. */
function within(root: Element, predicate: (element: Element) => boolean): Element[] {
  const found: Element[] = [];
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (!isElement(child)) continue;
      if (predicate(child)) found.push(child);
      visit(child);
    }
  };
  visit(root);
  return found;
}
const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);
const linksIn = (root: Element) => within(root, (e) => e.name === 'a').map((a) => a.attribs.href);

test('every page preloads the site font before its stylesheet, as a CORS font request', () => {
  for (const route of routes) {
    const html = pages.render(route).html;
    const preload = `<link rel="preload" href="${font}" as="font" type="font/woff2" crossorigin=""/>`;
    assert.ok(html.includes(preload), `${route.path} preloads the font`);
    assert.ok(html.indexOf(preload) < html.indexOf('rel="stylesheet"'), `${route.path}: before the stylesheet`);
  }
});

test("the home page's #services lists every service page and #guides every guide", () => {
  const [services] = home.all((e) => e.attribs.id === 'services');
  const [guides] = home.all((e) => e.attribs.id === 'guides');
  assert.ok(services && guides);
  assert.deepEqual(
    linksIn(services).filter((link) => link?.startsWith('/services/')),
    model.data.audiences.map((a) => href(`/services/${a.slug}`)),
  );
  for (const guide of model.data.guides)
    assert.ok(linksIn(guides).includes(href(`/guides/${guide.topic}`)), guide.topic);
  const ids = home.all((e) => e.attribs.id !== undefined).map((e) => e.attribs.id);
  assert.deepEqual(
    ids.filter((id, index) => ids.indexOf(id) !== index),
    [],
    'no id twice',
  );
});

test('a card grid takes the balanced column count of its cards', () => {
  const grids = home.all((e) => e.attribs['data-columns'] !== undefined);
  assert.ok(grids.length >= 3);
  for (const grid of grids) {
    const count = grid.children.filter(isElement).length;
    // Grids of short cards allow four a row, the others three.
    assert.ok(
      [balancedColumns(count, 3), balancedColumns(count, 4)].includes(Number(grid.attribs['data-columns'])),
      `${count} cards`,
    );
  }
  const [guideTiles] = home.all((e) => hasClass(e, 'guide-tiles'));
  assert.equal(guideTiles!.attribs['data-columns'], '3', `${model.data.guides.length} guides: 3 + 2`);
});

test('a blog post ends with related posts and the call to action, never itself', () => {
  for (const post of model.posts) {
    const page = pageAt((route) => route.page.kind === 'blog-post' && route.path.endsWith(`/${post.slug}`));
    const [next] = page.all((e) => hasClass(e, 'next-steps'));
    assert.ok(next, post.slug);
    const related = [
      ...new Set(within(next, (e) => e.name === 'a' && hasClass(e, 'read-more')).map((a) => a.attribs.href)),
    ];
    assert.equal(related.length, Math.min(3, model.posts.length - 1));
    assert.ok(!related.includes(href(`/blog/${post.slug}`)));
    const [band] = page.all((e) => hasClass(e, 'cta-band'));
    assert.ok(linksIn(band!).includes(href(model.data.ui.nextSteps.cta.primary.href)));
  }
});

test('a guide article ends with every other guide and the call to action', () => {
  const page = byKind('guide-article');
  const [next] = page.all((e) => hasClass(e, 'next-steps'));
  const links = linksIn(next!);
  const topic = routes
    .find((route) => route.page.kind === 'guide-article')!
    .path.split('/')
    .pop();
  for (const guide of model.data.guides)
    assert.equal(links.includes(href(`/guides/${guide.topic}`)), guide.topic !== topic, guide.topic);
  assert.equal(page.all((e) => hasClass(e, 'cta-band')).length, 1);
});

test("the 404's first action leads home; the blog's button waits in data attributes for an unknown post", () => {
  const page = byKind('not-found');
  const [main] = page.all((e) => e.name === 'main');
  const first = within(main!, (e) => e.name === 'a')[0]!;
  assert.equal(first.attribs.href, href(model.data.ui.notFound.home.href));
  assert.equal(page.text(first), model.data.ui.notFound.home.text);
  const [root] = page.all((e) => e.attribs.id === 'not-found');
  assert.equal(root!.attribs['data-post-button'], model.data.blog.notFound.button.text);
  assert.equal(root!.attribs['data-post-href'], href(model.data.blog.notFound.button.href));
});

test('the consultation form has what happens next and the client logos beside it', () => {
  const page = byKind('getting-started');
  const [aside] = page.all((e) => hasClass(e, 'form-aside'));
  assert.ok(aside);
  assert.equal(within(aside, (e) => e.name === 'img').length, model.data.testimonials.length);
  const email = model.data.site.contact.email;
  if (email) assert.ok(linksIn(aside).includes(`mailto:${email}`));
});

test('a guide overview shows its chapters in the hero and heads its form card like every form card', () => {
  const page = byKind('guide');
  const [cover] = page.all((e) => hasClass(e, 'guide-cover'));
  assert.equal(cover!.attribs['aria-hidden'], 'true');
  assert.ok(within(cover!, (e) => e.name === 'li').length >= 3);
  const [card] = page.all((e) => hasClass(e, 'form-card'));
  assert.equal(card!.attribs.id, 'guide-form');
  assert.equal(within(card!, (e) => e.name === 'h2').length, 1);
});
