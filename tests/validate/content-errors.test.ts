import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import type { LoadedSite } from '../../cli/config/load-site.ts';
import { defineSite } from '../../cli/config/site-definition.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import {
  located,
  locatedErrors,
  tinyContent,
  validateTiny,
  type TinyFiles,
  type Located,
} from '../helpers/tiny-content.ts';

// What the engine reports about content, whatever the site: each case writes the tiny site's
// files it breaks (tests/sites/tiny/content) and asserts what an author relies on: the code, the
// file and the line. The marketing site's own rules (guide topics, slugs used twice, links in its
// datasets) are in tests/site/content-errors.test.ts.

const now = new Date('2024-06-01T00:00:00Z');

/** Loads, validates and routes tiny content as a build does, and returns the problems it reports. */
async function contentErrors(files: TinyFiles = {}, site: LoadedSite = tinySite): Promise<Located[]> {
  const { content, cleanup } = await tinyContent(files);
  try {
    routeStep(validateStep(await loadStep(site, tinyRoot, content), { now }));
    return [];
  } catch (error) {
    return locatedErrors(error, content);
  } finally {
    await cleanup();
  }
}

/** The tiny site with a schema of its own for the posts' front matter or the site dataset. */
function tinyWith(schemas: { post?: z.ZodType; site?: z.ZodType }): LoadedSite {
  const content = tinySite.definition.content;
  return loadedSite(
    defineSite({
      ...tinySite.definition,
      content: {
        ...content,
        collections: {
          posts: { ...content.collections.posts!, schema: schemas.post ?? content.collections.posts!.schema },
        },
        data: { site: schemas.site ?? content.data.site! },
      },
    }),
  );
}

/** The tiny site's post front matter with an image and its alt text. */
const postWithImage = z
  .object({
    title: z.string(),
    date: z.string(),
    image: z.string(),
    imageAlt: z.string(),
    tags: z.array(z.string()).default([]),
  })
  .strict();

test('accepts the tiny site', async () => {
  assert.deepEqual(await contentErrors(), []);
});

test('reports an impossible date at its front-matter line', async () => {
  const errors = await contentErrors({
    'posts/hello.md': [
      '---',
      'title: Hello',
      'tags: [greeting]',
      'date: 2024-02-31',
      '---',
      '',
      'YAML would read the date as March 2.',
    ].join('\n'),
  });
  assert.deepEqual(located(errors), [['content.bad-date', 'posts/hello.md', 4]]);
  assert.match(errors[0]!.message, /2024-02-31/);
});

test('reports a front-matter field its schema refuses at its line, as "field: expected X, got Y"', async () => {
  const errors = await contentErrors({
    'posts/hello.md': ['---', 'title: Hello', 'date: 2024-01-02', 'tags: greeting', '---', '', 'Tags are a list.'].join(
      '\n',
    ),
  });
  assert.deepEqual(located(errors), [['content.invalid-field', 'posts/hello.md', 4]]);
  assert.equal(errors[0]!.message, 'tags: expected array, got "greeting"');
});

test('reports a field inside a list at the line of its field, with its index', async () => {
  const errors = await contentErrors({
    'posts/second.md': '---\ntitle: Second\ndate: 2024-02-03\ntags:\n  - ok\n  - 42\n---\n\nBody.\n',
  });
  assert.deepEqual(located(errors), [['content.invalid-field', 'posts/second.md', 4]]);
  assert.equal(errors[0]!.message, 'tags[1]: expected string, got 42');
});

test('reports an unknown field as a likely misspelling, at the line of its key', async () => {
  const errors = await contentErrors({
    'data/site.json': '{\n  "titel": "Tiny",\n  "title": "Tiny",\n  "url": "https://tiny.example"\n}\n',
    'posts/hello.md': [
      '---',
      'title: Hello',
      'date: 2024-01-02',
      'tgas: [greeting]',
      'tags: [greeting]',
      '---',
      '',
      'The body.',
    ].join('\n'),
  });
  assert.deepEqual(located(errors), [
    ['content.unknown-field', 'data/site.json', 2],
    ['content.unknown-field', 'posts/hello.md', 4],
  ]);
  assert.match(errors[0]!.message, /`titel`: did you mean `title`\?/);
  assert.match(errors[1]!.message, /`tgas`: did you mean `tags`\?/);
});

test('an unknown front-matter field names the documented home for fields the site does not read; each unknown field is reported at its own line', async () => {
  const { errors } = await validateTiny(
    { 'posts/hello.md': '---\ntitle: Hello\ndate: 2024-01-02\ntag: [greeting]\ncolour: red\n---\n\nThe body.\n' },
    { now },
  );
  assert.deepEqual(located(errors), [
    ['content.unknown-field', 'posts/hello.md', 4],
    ['content.unknown-field', 'posts/hello.md', 5],
  ]);
  assert.match(errors[0]!.message, /^unknown field `tag`: did you mean `tags`\?$/);
  assert.match(errors[1]!.message, /^unknown field `colour`$/, 'no suggestion when no field is close');
  for (const found of errors) {
    assert.match(found.hint ?? '', /under `extra:`/);
    assert.doesNotMatch(found.message, /\(file\)/);
  }
});

test('reports a dataset field of the wrong type at its JSON line, with the field path', async () => {
  const flat = await contentErrors({ 'data/site.json': '{\n  "title": "Tiny",\n  "url": 42\n}\n' });
  assert.deepEqual(located(flat), [['content.invalid-field', 'data/site.json', 3]]);
  assert.match(flat[0]!.message, /^url: expected string, got 42$/);
  const nested = tinyWith({
    site: z
      .object({
        title: z.string(),
        url: z.string(),
        recaptcha: z.object({ siteKey: z.string(), enterprise: z.boolean() }),
      })
      .strict(),
  });
  const errors = await contentErrors(
    {
      'data/site.json': [
        '{',
        '  "title": "Tiny",',
        '  "url": "https://tiny.example",',
        '  "recaptcha": {',
        '    "siteKey": "key",',
        '    "enterprise": "yes"',
        '  }',
        '}',
      ].join('\n'),
    },
    nested,
  );
  assert.deepEqual(located(errors), [['content.invalid-field', 'data/site.json', 6]]);
  assert.match(errors[0]!.message, /^recaptcha\.enterprise: expected boolean, got "yes"$/);
});

test('collects problems from several files before failing', async () => {
  const errors = await contentErrors({
    'data/site.json': '{\n  "title": "Tiny",\n  "url": "not a url"\n}\n',
    'posts/second.md': '---\ntitle: Second\ndate: 2024-02-03\ntags: [1]\n---\n\nBody.\n',
    'posts/hello.md': '---\ntitle: Hello\ndate: 2024-13-02\n---\n\nBody.\n',
  });
  assert.deepEqual(located(errors), [
    ['content.invalid-field', 'data/site.json', 3],
    ['content.bad-date', 'posts/hello.md', 3],
    ['content.invalid-field', 'posts/second.md', 4],
  ]);
});

test('reports an image that is not in content/images at its front-matter line', async () => {
  const site = tinyWith({ post: postWithImage });
  const post = (image: string) =>
    ['---', 'title: Hello', 'date: 2024-01-02', `image: ${image}`, 'imageAlt: A small square', '---', '', 'Body.'].join(
      '\n',
    );
  const second = post('/images/square.svg');
  assert.deepEqual(
    await contentErrors({ 'posts/hello.md': post('/images/square.svg'), 'posts/second.md': second }, site),
    [],
  );
  const errors = await contentErrors(
    { 'posts/hello.md': post('/images/missing.svg'), 'posts/second.md': second },
    site,
  );
  assert.deepEqual(located(errors), [['content.missing-image', 'posts/hello.md', 4]]);
  assert.match(errors[0]!.message, /\/images\/missing\.svg/);
});

test('reports an image named in a dataset that is not in content/images, at its JSON line', async () => {
  const site = tinyWith({ site: z.object({ title: z.string(), url: z.string(), logo: z.string() }).strict() });
  const errors = await contentErrors(
    { 'data/site.json': '{\n  "title": "Tiny",\n  "url": "https://tiny.example",\n  "logo": "/images/logo.svg"\n}\n' },
    site,
  );
  assert.deepEqual(located(errors), [['content.missing-image', 'data/site.json', 4]]);
});
