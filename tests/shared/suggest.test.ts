import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closestId, closestPath, editDistance, PathSuggester } from '../../cli/shared/suggest.ts';

const routes = [
  '/',
  '/about/',
  '/services/devshops/',
  '/services/startups/',
  '/guides/playwright/',
  '/blog/',
  '/blog/ai-powered-bug-reports/',
];

test('counts character edits', () => {
  assert.equal(editDistance('dev-shops', 'devshops'), 1);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('kitten', 'sitting'), 3);
});

test('suggests the route one typo away', () => {
  assert.equal(closestPath('/services/dev-shops', routes), '/services/devshops/');
  assert.equal(closestPath('/guides/playwrigth/', routes), '/guides/playwright/');
  assert.equal(closestPath('/abuot/', routes), '/about/');
  assert.equal(closestPath('/blog/ai-powered-bug-report/', routes), '/blog/ai-powered-bug-reports/');
});

test('suggests nothing for a path unlike any route', () => {
  assert.equal(closestPath('/pricing/enterprise/', routes), undefined);
  assert.equal(closestPath('/services/qa-audits/', routes), undefined);
});

test('compares file names without their shared extension', () => {
  const images = ['/images/logo.png', '/images/hero.png'];
  assert.equal(closestPath('/images/logo@2x.png', images), '/images/logo.png');
  assert.equal(closestPath('/images/missing.png', images), undefined);
});

test('finds the same suggestion through the index as by a full scan', () => {
  const suggester = new PathSuggester(routes, 0);
  assert.equal(suggester.closest('/services/dev-shops'), '/services/devshops/');
  assert.equal(suggester.closest('/services/devshops/extra/'), '/services/devshops/');
  assert.equal(suggester.closest('/guides/'), undefined);
});

// How fast it answers on a large site is measured by `npm run bench:links`.
test('finds the closest path on a large site through the index', () => {
  const many = Array.from({ length: 20_000 }, (_, i) => `/blog/post-${i}/`);
  const suggester = new PathSuggester(many);
  assert.equal(suggester.closest('/blgo/post-7/'), '/blog/post-7/');
});

test('suggests the closest id for a missing fragment', () => {
  assert.equal(closestId('tean', ['main', 'team', 'contact-form']), 'team');
  assert.equal(closestId('contact', ['main', 'team', 'contact-form']), 'contact-form');
  assert.equal(closestId('pricing', ['main']), undefined);
});

test("prefers the page whose slug is the broken path's last segment, however far the rest is", () => {
  const blog = [...routes, '/blog/launching-checkout/', '/guides/content/playwright/'];
  assert.equal(closestPath('/launching-checkout/', blog), '/blog/launching-checkout/');
  assert.equal(
    closestPath('/2021/06/02/launching-checkout.html', blog),
    '/blog/launching-checkout/',
    "an old Jekyll address names the post's slug",
  );
  assert.equal(
    closestPath('/guide/playwright/', blog),
    '/guides/playwright/',
    'of two pages with the slug, the closer one',
  );
  const suggester = new PathSuggester(blog, 0);
  assert.equal(suggester.closest('/launching-checkout/'), '/blog/launching-checkout/');
  assert.equal(suggester.closest('/posts/2021/launching-checkout/'), '/blog/launching-checkout/');
});
