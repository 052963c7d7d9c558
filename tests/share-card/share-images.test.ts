import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { RouteSpec } from '../../cli/config/site-definition.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { buildRoutes, type Route } from '../../cli/route/routes.ts';
import { planShareImages } from '../../cli/share-card/share-images.ts';
import type { TinyModel, TinyPage } from '../sites/tiny/templates/pages.tsx';
import { tinyCard } from '../helpers/tiny-card.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

// Which picture each page shares, planned before pages render: the tiny site's routes (/,
// /posts/second, /posts/hello, /404) with the tiny card of tests/helpers/tiny-card.ts (400×210).

const validated = validateStep(await loadStep(tinySite, tinyRoot, path.join(tinyRoot, 'content')), {
  now: new Date('2024-06-01T00:00:00Z'),
});
const model = validated.model as TinyModel;
const routes = buildRoutes(
  tinySite.definition.routes(model) as RouteSpec<TinyPage>[],
  validated.settings,
) as Route<TinyPage>[];
const postFile = (slug: string) => path.join(tinyRoot, 'content', 'posts', `${slug}.md`);

test("plans a card of the spec's size for every page, under /social/ at the page path, and the logo last", () => {
  const { images, jobs } = planShareImages(routes, tinyCard(), model);
  assert.deepEqual(
    [...images.byPath.entries()].map(([routePath, image]) => [
      routePath,
      image.path,
      image.width,
      image.height,
      image.type,
      image.alt,
    ]),
    [
      ['/', '/social/index.png', 400, 210, 'image/png', 'Tiny | Tiny'],
      ['/posts/second', '/social/posts/second.png', 400, 210, 'image/png', 'Second | Tiny'],
      ['/posts/hello', '/social/posts/hello.png', 400, 210, 'image/png', 'Hello | Tiny'],
      ['/search', '/social/search.png', 400, 210, 'image/png', 'Tiny | Tiny'],
      ['/404', '/social/404.png', 400, 210, 'image/png', 'Tiny | Tiny'],
    ],
  );
  assert.equal(images.fallback, images.byPath.get('/'));
  assert.deepEqual(images.logo, { path: '/social/logo.png', width: 512, height: 512, type: 'image/png', alt: 'Tiny' });
  assert.deepEqual(
    jobs.map((job) => [job.file, job.draw]),
    [
      ['social/index.png', 'card'],
      ['social/posts/second.png', 'card'],
      ['social/posts/hello.png', 'card'],
      ['social/search.png', 'card'],
      ['social/404.png', 'card'],
      ['social/logo.png', 'logo'],
    ],
  );
  assert.deepEqual(jobs[2], {
    file: 'social/posts/hello.png',
    draw: 'card',
    card: { title: 'Hello' },
    route: '/posts/hello',
    source: postFile('hello'),
  });
});

test("without a home page the fallback is the first page's picture; without pages, the logo", () => {
  const posts = routes.filter((route) => route.path.startsWith('/posts/'));
  assert.equal(planShareImages(posts, tinyCard(), model).images.fallback.path, '/social/posts/second.png');
  const { images, jobs } = planShareImages([], tinyCard(), model);
  assert.equal(images.fallback, images.logo);
  assert.deepEqual(jobs, [{ file: 'social/logo.png', draw: 'logo' }]);
});

test("a page's own picture replaces its card, in its own format, with its own alt text", () => {
  const spec = tinyCard({
    pictures: {
      hello: { image: '/images/launch.JPG', alt: 'The launch', line: 4 },
      second: { image: '/images/cover.png', alt: 'A cover', line: 5 },
    },
  });
  const { images, jobs } = planShareImages(routes, spec, model);
  assert.deepEqual(images.byPath.get('/posts/hello'), {
    path: '/social/posts/hello.jpg',
    width: 400,
    height: 210,
    type: 'image/jpeg',
    alt: 'The launch',
  });
  assert.deepEqual(images.byPath.get('/posts/second'), {
    path: '/social/posts/second.png',
    width: 400,
    height: 210,
    type: 'image/png',
    alt: 'A cover',
  });
  assert.deepEqual(
    jobs.find((job) => job.file === 'social/posts/hello.jpg'),
    {
      file: 'social/posts/hello.jpg',
      draw: 'social-image',
      image: { url: '/images/launch.JPG', socialImageAlt: 'The launch', file: postFile('hello'), line: 4 },
    },
  );
});

test('a picture social sites do not show, or one without alt text, is content.bad-social-image where the page names it, every one reported', () => {
  const spec = tinyCard({
    pictures: {
      hello: { image: '/images/card.svg', alt: 'A card', line: 4 },
      second: { image: '/images/card.webp', line: 6 },
    },
  });
  assert.throws(
    () => planShareImages(routes, spec, model),
    (error: unknown) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.basename(e.file!), e.line, e.message.split(':')[0]]),
        [
          ['content.bad-social-image', 'second.md', 6, 'socialImage'],
          ['content.bad-social-image', 'second.md', 6, 'socialImageAlt'],
          ['content.bad-social-image', 'hello.md', 4, 'socialImage'],
        ],
      );
      assert.match(error.errors[0]!.message, /card\.webp is not a PNG or JPEG/);
      assert.match(error.errors[2]!.message, /card\.svg is not a PNG or JPEG; social sites do not show SVG previews/);
      return true;
    },
  );
});

test("a page that shares another page's picture gets that picture and no job of its own; one sharing a page that is not built gets the fallback", () => {
  const base = tinyCard();
  const spec = {
    ...base,
    of: (route: Route<TinyPage>, m: TinyModel) => {
      if (route.path === '/posts/second') return { kind: 'same-as' as const, path: '/posts/hello' };
      if (route.path === '/404') return { kind: 'same-as' as const, path: '/nowhere' };
      return base.of(route, m);
    },
  };
  const { images, jobs } = planShareImages(routes, spec, model);
  assert.equal(images.byPath.get('/posts/second'), images.byPath.get('/posts/hello'));
  assert.equal(images.byPath.get('/404'), undefined, 'pages without a picture of their own show the fallback');
  assert.deepEqual(
    jobs.map((job) => job.file),
    ['social/index.png', 'social/posts/hello.png', 'social/search.png', 'social/logo.png'],
  );
});
