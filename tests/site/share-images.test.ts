import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildRoutes as buildRoutesOf } from '../../cli/route/routes.ts';
import { planShareImages as planWith } from '../../cli/share-card/share-images.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import { shareCard } from '../../templates/site/share-card.ts';
import { loadSiteModel } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

// Which picture each page of the marketing site shares (its share card spec,
// templates/site/share-card.ts), as the engine plans them.

let model: SiteModel;

before(async () => {
  ({ model } = await loadSiteModel());
});

const buildRoutes = (siteModel: SiteModel) =>
  buildRoutesOf(realSite.definition.routes(siteModel), realSite.definition.settings(siteModel));
const planShareImages = (routes: ReturnType<typeof buildRoutes>, siteModel: SiteModel) =>
  planWith(routes, shareCard, siteModel);

/** The model with the first post given these front-matter fields (and its front matter naming them). */
function withFirstPost(fields: { socialImage?: string; socialImageAlt?: string }): { model: SiteModel } {
  const [first, ...rest] = model.posts;
  const post = { ...first!, ...fields };
  const entries = model.content.collections.posts!.map((entry) =>
    entry.file === post.file
      ? { ...entry, frontMatterText: `${entry.frontMatterText}\nsocialImage: ${fields.socialImage}` }
      : entry,
  );
  const content = { ...model.content, collections: { ...model.content.collections, posts: entries } };
  return { model: { ...model, posts: [post, ...rest], content } };
}

test('plans a 1200×630 PNG card for every page, under /social/ at the page path', () => {
  const routes = buildRoutes(model);
  const { images, jobs } = planShareImages(routes, model);
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
  const { jobs } = planShareImages(buildRoutes(model), model);
  const textOf = (file: string) => {
    const job = jobs.find((entry) => entry.file === file);
    assert.ok(job?.draw === 'card', file);
    return job.card as { title: string; kind: string };
  };
  const post = model.posts.find((p) => p.slug === 'ai-powered-bug-reports')!;
  assert.deepEqual(textOf('social/blog/ai-powered-bug-reports.png'), { title: post.title, kind: post.category });
  assert.deepEqual(textOf('social/services/startups.png'), { title: 'QA for Startups', kind: 'For Startups' });
  assert.equal(textOf('social/guides/content/playwright.png').kind, model.data['share-cards'].kinds['guide-article']);
  assert.deepEqual(textOf('social/index.png'), {
    title: model.data.home.meta.title,
    kind: model.data['share-cards'].kinds.home,
  });
  // An author's page: their name, and their role after the label of authors' pages.
  const author = model.people.get(model.authors[0]!.id)!;
  assert.deepEqual(textOf(`social/blog/authors/${author.id}.png`), {
    title: author.name,
    kind: `${model.data['share-cards'].kinds['blog-author']}: ${author.role}`,
  });
});

test("a card's alt text reads its kind, title and the brand", () => {
  const { images } = planShareImages(buildRoutes(model), model);
  assert.equal(
    images.byPath.get('/blog/ai-powered-bug-reports')!.alt,
    'Documentation: AI-Powered Bug Reports: A New Standard | Checkpoint QA',
  );
});

test("a post's socialImage replaces its card, in its own format, with its own alt text", () => {
  const site = withFirstPost({
    socialImage: '/images/posts/launch.jpg',
    socialImageAlt: 'The dashboard on launch day',
  });
  const post = site.model.posts[0]!;
  const { images, jobs } = planShareImages(buildRoutes(site.model), site.model);
  const image = images.byPath.get(`/blog/${post.slug}`)!;
  assert.deepEqual(image, {
    path: `/social/blog/${post.slug}.jpg`,
    width: 1200,
    height: 630,
    type: 'image/jpeg',
    alt: 'The dashboard on launch day',
  });
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
    const frontMatter = site.model.content.collections.posts!.find(
      (entry) => entry.file === post.file,
    )!.frontMatterText;
    assert.throws(
      () => planShareImages(buildRoutes(site.model), site.model),
      (error: unknown) => {
        assert.ok(error instanceof SiteErrorList);
        assert.equal(error.errors.length, 1);
        const [problem] = error.errors;
        assert.equal(problem!.code, 'content.bad-social-image');
        assert.equal(problem!.file, post.file);
        assert.equal(problem!.line, frontMatter.split('\n').findIndex((line) => line.startsWith('socialImage:')) + 2);
        assert.match(problem!.message, message);
        return true;
      },
    );
  });
}
