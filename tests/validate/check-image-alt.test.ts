// Every image a dataset or an entry names says what it shows (cli/validate/check-image-alt.ts), on
// a small content folder made here, with a content spec of its own.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { z } from 'zod';
import type { ContentSpec } from '../../cli/config/content-spec.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { checkImageAlt } from '../../cli/validate/check-image-alt.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';

const picture = z
  .object({ src: z.string(), alt: z.string(), decorative: z.boolean().optional(), width: z.number() })
  .strict();
const spec: ContentSpec = {
  collections: {
    posts: {
      folder: 'posts',
      schema: z
        .object({ title: z.string(), date: z.string(), image: z.string().optional(), imageAlt: z.string().optional() })
        .strict(),
      dated: true,
    },
  },
  data: {
    home: z
      .object({ hero: z.object({ title: z.string(), illustration: picture }), gallery: z.array(picture) })
      .strict(),
  },
  images: 'images',
};

const home = (heroAlt: string, extra = '') => `{
  "hero": {
    "title": "Welcome",
    "illustration": { "src": "/images/hero.svg", "alt": ${JSON.stringify(heroAlt)},${extra} "width": 600 }
  },
  "gallery": [
    { "src": "/images/a.svg", "alt": "A team at work", "width": 300 }
  ]
}
`;
const post = (imageAlt: string) =>
  `---\ntitle: First\ndate: 2024-01-02\nimage: /images/a.svg\nimageAlt: ${imageAlt}\n---\n\nBody.\n`;

/** The alt-text problems of a content folder holding these files, as [code, file, line, column]. */
async function altProblems(files: {
  home: string;
  post: string;
}): Promise<[string, string, number | undefined, number | undefined][]> {
  const content = await mkdtemp(path.join(os.tmpdir(), 'sitegen-alt-'));
  try {
    await mkdir(path.join(content, 'data'));
    await mkdir(path.join(content, 'posts'));
    await writeFile(path.join(content, 'data', 'home.json'), files.home);
    await writeFile(path.join(content, 'posts', 'first.md'), files.post);
    checkImageAlt(validateContent(await loadContent(content, spec), spec));
    return [];
  } catch (error) {
    assert.ok(error instanceof SiteErrorList, String(error));
    return error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line, e.column]);
  } finally {
    await rm(content, { recursive: true, force: true });
  }
}

test('passes images that say what they show', async () => {
  assert.deepEqual(await altProblems({ home: home('Illustration of a test run'), post: post('A single pixel') }), []);
});

test('an image in a dataset with an empty alt is an error at the line and column of its alt', async () => {
  assert.deepEqual(await altProblems({ home: home(' '), post: post('A single pixel') }), [
    ['image.missing-alt', 'data/home.json', 4, 50],
  ]);
});

test('an empty alt is accepted on an image marked "decorative": true', async () => {
  assert.deepEqual(await altProblems({ home: home('', ' "decorative": true,'), post: post('A single pixel') }), []);
});

test("a post's empty imageAlt is an error at its line: a post's image is never decoration", async () => {
  assert.deepEqual(await altProblems({ home: home('Illustration'), post: post('""') }), [
    ['image.missing-alt', 'posts/first.md', 5, undefined],
  ]);
});

test('every missing alt of the content is reported at once', async () => {
  assert.deepEqual(
    (await altProblems({ home: home(''), post: post('" "') })).map(([code, file]) => [code, file]),
    [
      ['image.missing-alt', 'posts/first.md'],
      ['image.missing-alt', 'data/home.json'],
    ],
  );
});
