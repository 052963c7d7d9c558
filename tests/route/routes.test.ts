import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { buildRedirects, buildRoutes, outputFileFor } from '../../cli/route/routes.ts';
import { projectRoot } from '../helpers/content.ts';

const model = validateContent(await loadContent(path.join(projectRoot, 'content')), {});

test('lists every route of the SPEC route table, plus the 404 page', () => {
  const paths = buildRoutes(model).map((r) => r.path).sort();
  const topics = ['bug-documentation', 'cursor-usage', 'playwright', 'productivity', 'test-data'];
  assert.deepEqual(paths, [
    '/', '/404', '/blog',
    ...model.posts.map((p) => `/blog/${p.slug}`).sort(),
    '/case-studies', '/getting-started',
    ...topics.map((t) => `/guides/${t}`), ...topics.map((t) => `/guides/content/${t}`),
    '/humans', '/pom-files', '/privacy',
    '/services/devshops', '/services/legacy', '/services/non-traditional', '/services/startups',
    '/terms',
  ].sort());
});

test('writes each route to a clean-URL file', () => {
  assert.equal(outputFileFor('/'), 'index.html');
  assert.equal(outputFileFor('/guides/content/playwright'), 'guides/content/playwright/index.html');
  assert.equal(buildRoutes(model).find((r) => r.page.kind === 'not-found')?.file, '404.html');
});

test('declares /services/dev-shops and /contact as redirects', () => {
  const redirects = buildRedirects(model, buildRoutes(model));
  assert.deepEqual(redirects.map((r) => [r.from, r.to]), [['/services/dev-shops', '/services/devshops'], ['/contact', '/getting-started#contact-form']]);
});

test('rejects a redirect that would overwrite a page, naming both sources', () => {
  const clash = { ...model, data: { ...model.data, redirects: [{ from: '/humans', to: '/' }] } };
  assert.throws(() => buildRedirects(clash, buildRoutes(clash)), (error: unknown) => {
    assert.ok(error instanceof SiteErrorList);
    assert.equal(error.errors[0]!.code, 'routes.duplicate-output');
    assert.match(error.errors[0]!.message, /humans\/index\.html.*humans\.json.*redirects\.json/);
    return true;
  });
});
