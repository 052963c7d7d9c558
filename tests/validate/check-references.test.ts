import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import type { LoadedSite } from '../../cli/config/load-site.ts';
import { defineSite } from '../../cli/config/site-definition.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import { located, locatedErrors, tinyContent, type Located } from '../helpers/tiny-content.ts';

// Every site path a dataset names (a field called href, anchor or to) must be a page or a
// redirect of the site, and every /images/ path one of its images: the tiny site (pages /,
// /posts/hello, /posts/second; a redirect from /old-home) with a dataset of links of the test's own.

const linkSchema = z.object({ text: z.string(), href: z.string() }).strict();
const site = loadedSite(
  defineSite({
    ...tinySite.definition,
    content: {
      ...tinySite.definition.content,
      data: {
        ...tinySite.definition.content.data,
        menu: z
          .object({ links: z.array(linkSchema), anchor: z.string().optional(), logo: z.string().optional() })
          .strict(),
      },
    },
  }),
);

/** The problems a build reports once its routes are known, for a menu.json with these lines. */
async function referenceErrors(menuLines: string[], definition: LoadedSite = site): Promise<Located[]> {
  const { content, cleanup } = await tinyContent({ 'data/menu.json': menuLines.join('\n') });
  try {
    routeStep(validateStep(await loadStep(definition, tinyRoot, content), { now: new Date('2024-06-01T00:00:00Z') }));
    return [];
  } catch (error) {
    return locatedErrors(error, content);
  } finally {
    await cleanup();
  }
}

/** menu.json with one link per href, one a line from line 3. */
const menu = (...hrefs: string[]) => [
  '{',
  '  "links": [',
  ...hrefs.map(
    (href, index) => `    { "text": "Link", "href": ${JSON.stringify(href)} }${index < hrefs.length - 1 ? ',' : ''}`,
  ),
  '  ]',
  '}',
];

test('accepts links to pages and redirects, with or without a trailing slash, query or fragment, and links that leave the site', async () => {
  assert.deepEqual(
    await referenceErrors(
      menu(
        '/',
        '/posts/hello',
        '/posts/second/',
        '/posts/hello/?ref=menu#top',
        '/old-home',
        'https://example.com/x',
        '#top',
      ),
    ),
    [],
  );
});

test('reports a link to a route that does not exist, at its JSON line, with the closest page as a hint', async () => {
  const errors = await referenceErrors(menu('/', '/posts/helo'));
  assert.deepEqual(located(errors), [['content.unknown-route', 'data/menu.json', 4]]);
  assert.equal(errors[0]!.message, 'links[1].href: "/posts/helo" is not a page of the site');
  assert.equal(errors[0]!.hint, 'did you mean /posts/hello?');
});

test('a path only a redirect declares is a page of the site; without the redirect it is reported', async () => {
  assert.deepEqual(await referenceErrors(menu('/old-home')), []);
  const withoutRedirect = loadedSite(defineSite({ ...site.definition, redirects: () => [] }));
  assert.deepEqual(located(await referenceErrors(menu('/old-home'), withoutRedirect)), [
    ['content.unknown-route', 'data/menu.json', 3],
  ]);
});

test('checks anchor fields too, and an image path against the images the site has', async () => {
  const errors = await referenceErrors([
    '{',
    '  "links": [],',
    '  "anchor": "/nowhere#x",',
    '  "logo": "/images/logo.svg"',
    '}',
  ]);
  assert.deepEqual(located(errors), [
    ['content.unknown-route', 'data/menu.json', 3],
    ['content.missing-image', 'data/menu.json', 4],
  ]);
  assert.deepEqual(await referenceErrors(['{', '  "links": [],', '  "logo": "/images/square.svg"', '}']), []);
});
