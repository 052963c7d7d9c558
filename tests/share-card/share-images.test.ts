import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import type { RawContent } from '../../cli/load/load-content.ts';
import { buildRoutes } from '../../cli/route/routes.ts';
import { planShareImages } from '../../cli/share-card/share-images.ts';
import type { SiteModel } from '../../cli/validate/model.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

let raw: RawContent;
let model: SiteModel;

before(async () => {
  ({ raw, model } = await loadSiteModel());
});

/** The model with the first post given these front-matter fields (and its raw front matter naming them). */
function withFirstPost(fields: { socialImage?: string; socialImageAlt?: string }): { model: SiteModel; raw: RawContent } {
  const [first, ...rest] = model.posts;
  const post = { ...first!, ...fields };
  const posts = raw.posts.map((file) => (file.file === post.file ? { ...file, frontMatterText: `${file.frontMatterText}\nsocialImage: ${fields.socialImage}` } : file));
  return { model: { ...model, posts: [post, ...rest] }, raw: { ...raw, posts } };
}

test('plans a 1200×630 PNG card for every page, under /social/ at the page path', () => {
  const routes = buildRoutes(model);
  const { images, jobs } = planShareImages(routes, model, raw);
  assert.equal(images.byPath.size, routes.length);
  for (const route of routes) {
    const image = images.byPath.get(route.path)!;
    assert.deepEqual([image.width, image.height, image.type], [1200, 630, 'image/png']);
    assert.equal(image.path, route.path === '/' ? '/social/index.png' : `/social${route.path}.png`);
  }
  assert.equal(images.fallback, images.byPath.get('/'));
  assert.deepEqual([images.logo.path, images.logo.width, images.logo.height], ['/social/logo.png', 512, 512]);
  assert.equal(jobs.length, routes.length + 1, 'one job per page and the logo');
});

test("a card names the page's kind: a post's category, an audience's eyebrow, a label from share-cards.json", () => {
  const { jobs } = planShareImages(buildRoutes(model), model, raw);
  const textOf = (file: string) => {
    const job = jobs.find((entry) => entry.file === file);
    assert.ok(job?.draw === 'card', file);
    return job.text;
  };
  const post = model.posts.find((p) => p.slug === 'ai-powered-bug-reports')!;
  assert.deepEqual(textOf('social/blog/ai-powered-bug-reports.png'), { title: post.title, kind: post.category });
  assert.deepEqual(textOf('social/services/startups.png'), { title: 'QA for Startups', kind: 'For Startups' });
  assert.equal(textOf('social/guides/content/playwright.png').kind, model.data['share-cards'].kinds['guide-article']);
  assert.deepEqual(textOf('social/index.png'), { title: model.data.home.meta.title, kind: model.data['share-cards'].kinds.home });
});

test("a card's alt text reads its kind, title and the brand", () => {
  const { images } = planShareImages(buildRoutes(model), model, raw);
  assert.equal(images.byPath.get('/blog/ai-powered-bug-reports')!.alt, 'Documentation: AI-Powered Bug Reports: A New Standard | Checkpoint QA');
});

test("a post's socialImage replaces its card, in its own format, with its own alt text", () => {
  const site = withFirstPost({ socialImage: '/images/posts/launch.jpg', socialImageAlt: 'The dashboard on launch day' });
  const post = site.model.posts[0]!;
  const { images, jobs } = planShareImages(buildRoutes(site.model), site.model, site.raw);
  const image = images.byPath.get(`/blog/${post.slug}`)!;
  assert.deepEqual(image, { path: `/social/blog/${post.slug}.jpg`, width: 1200, height: 630, type: 'image/jpeg', alt: 'The dashboard on launch day' });
  const job = jobs.find((entry) => entry.file === `social/blog/${post.slug}.jpg`);
  assert.equal(job?.draw, 'social-image');
});

for (const [name, fields, message] of [
  ['an SVG', { socialImage: '/images/posts/card.svg', socialImageAlt: 'A card' }, /not a PNG or JPEG/],
  ['a WebP', { socialImage: '/images/posts/card.webp', socialImageAlt: 'A card' }, /not a PNG or JPEG/],
  ['a picture without socialImageAlt', { socialImage: '/images/posts/card.png' }, /socialImageAlt/],
] as const) {
  test(`${name} as socialImage is content.bad-social-image at the post's socialImage line`, () => {
    const site = withFirstPost(fields);
    const post = site.model.posts[0]!;
    const frontMatter = site.raw.posts.find((file) => file.file === post.file)!.frontMatterText;
    assert.throws(() => planShareImages(buildRoutes(site.model), site.model, site.raw), (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.equal(error.errors.length, 1);
      const [problem] = error.errors;
      assert.equal(problem!.code, 'content.bad-social-image');
      assert.equal(problem!.file, post.file);
      assert.equal(problem!.line, frontMatter.split('\n').findIndex((line) => line.startsWith('socialImage:')) + 2);
      assert.match(problem!.message, message);
      return true;
    });
  });
}
