// One import run says everything the build would say about the posts it brings, each problem at
// its place in the other generator's file, and writes nothing then: the content folder stays
// byte for byte as it was. With --drafts-on-error the posts with problems come in as drafts and
// the rest builds; --update replaces what an earlier import wrote, and nothing else.
import assert from 'node:assert/strict';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { manifestName } from '../../cli/import/write-import.ts';
import { outputDigest, tinyContentCopy } from '../helpers/build-output.ts';
import { fixturesRoot } from '../helpers/content.ts';
import { buildTinyBlog, importIntoTinyBlog } from '../helpers/tiny-blog.ts';

let sources: string;
before(async () => {
  sources = await mkdtemp(path.join(os.tmpdir(), 'sitegen-import-sources-'));
});
after(() => rm(sources, { recursive: true, force: true }));

/** A copy of a fixture with `edits` made to its files (text replaced, or whole files written). */
async function sourceFrom(
  fixture: string,
  edits: Record<string, [from: string, to: string][] | string>,
): Promise<string> {
  const folder = await mkdtemp(path.join(sources, `${fixture}-`));
  await cp(path.join(fixturesRoot, 'import', fixture), folder, { recursive: true });
  for (const [file, edit] of Object.entries(edits)) {
    const target = path.join(folder, file);
    if (typeof edit === 'string') {
      await writeFile(target, edit);
      continue;
    }
    let text = await readFile(target, 'utf8');
    for (const [from, to] of edit) {
      assert.ok(text.includes(from), `${file} holds ${from}`);
      text = text.replace(from, to);
    }
    await writeFile(target, text);
  }
  return folder;
}

/** The Next.js blog with a problem of every kind the build finds, spread over its posts. */
const brokenBlog = () =>
  sourceFrom('nextjs-blog', {
    'public/why-we-test-in-production/index.md': [
      ['![How a request reaches the canary](./diagram.png)', '![](./diagram.png)'],
      ['## Canaries', '<div class="callout">\n\n## Canaries'],
    ],
    'public/a-week-of-flaky-tests/index.md': [
      [
        'For a week',
        '![A remote chart](https://cdn.example.com/chart.png) and ![Missing](./gone.png)\n\nSee [nothing](../notes-on-caching/#nope) and [gone](/no-such-post/).\n\nFor a week',
      ],
    ],
    'public/notes-on-caching/layers.svg': `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n${'<rect width="1" height="1"/>\n'.repeat(10)}</svg>\n`,
  });

test(
  'reports every problem of every post at once, each at its file, line and column, grouped by kind in the report, and writes nothing',
  { timeout: 120_000 },
  async () => {
    const source = await brokenBlog();
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const digest = await outputDigest(content);
      const report = path.join(dir, 'report.md');
      await assert.rejects(importIntoTinyBlog(source, content, report, { limits: { svgElements: 5 } }), (error) => {
        assert.ok(error instanceof SiteErrorList);
        assert.deepEqual(error.errors.map((e) => [e.code, path.relative(source, e.file!), e.line, e.column]).sort(), [
          ['content.file-too-large', 'public/notes-on-caching/layers.svg', 6, 1],
          ['content.missing-image', 'public/a-week-of-flaky-tests/index.md', 7, 58],
          ['image.missing-alt', 'public/why-we-test-in-production/index.md', 9, 1],
          ['links.missing-fragment', 'public/a-week-of-flaky-tests/index.md', 9, 5],
          ['links.missing-page', 'public/a-week-of-flaky-tests/index.md', 9, 46],
          ['markdown.external-image', 'public/a-week-of-flaky-tests/index.md', 7, 1],
          ['markdown.unclosed-html', 'public/why-we-test-in-production/index.md', 11, 1],
        ]);
        return true;
      });
      assert.equal(await outputDigest(content), digest, 'the content folder byte for byte as it was');
      assert.deepEqual(
        (await readdir(content)).filter((name) => name.startsWith('.')),
        [],
        'no staging folder left',
      );
      const text = await readFile(report, 'utf8');
      assert.match(text, /^Nothing was written: 7 problems would stop the build/m);
      assert.match(
        text,
        /^### content\.missing-image: .* \(1\)\n\n- .*public\/a-week-of-flaky-tests\/index\.md:7:58 {2}image: gone\.png is not beside the post$/m,
      );
      assert.match(text, /^### links\.missing-page: .* \(1\)$/m);
    } finally {
      await cleanup();
    }
  },
);

test(
  '--drafts-on-error imports the posts with problems as drafts, and a post linking to one of them too, so that the rest builds',
  { timeout: 120_000 },
  async () => {
    const source = await sourceFrom('nextjs-blog', {
      'public/why-we-test-in-production/index.md': [
        ['![How a request reaches the canary](./diagram.png)', '![](./diagram.png)'],
      ],
    });
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const { plan, outcome } = await importIntoTinyBlog(source, content, path.join(dir, 'report.md'), {
        draftsOnError: true,
      });
      assert.deepEqual(outcome.problems, []);
      assert.deepEqual(
        Object.fromEntries(
          plan.posts.filter((post) => post.draftBecause).map((post) => [post.slug, post.draftBecause]),
        ),
        {
          'why-we-test-in-production': ['image.missing-alt'],
          // Its link to the first leads nowhere once that is a draft.
          'a-week-of-flaky-tests': ['links.missing-page'],
        },
      );
      assert.match(
        await readFile(path.join(content, 'posts', 'why-we-test-in-production', 'index.md'), 'utf8'),
        /^draft: true$/m,
      );
      assert.match(
        await readFile(path.join(dir, 'report.md'), 'utf8'),
        /^2 posts with problems were imported as drafts/m,
      );
      const built = await buildTinyBlog(content, path.join(dir, 'out'));
      assert.equal(built.committed, true);
      assert.deepEqual(
        (await readdir(path.join(dir, 'out', 'posts'))).filter((name) => !['hello', 'second'].includes(name)),
        ['notes-on-caching'],
      );
    } finally {
      await cleanup();
    }
  },
);

test(
  '--update replaces the posts an earlier import wrote, as it wrote them, and leaves a post edited since as it is',
  { timeout: 120_000 },
  async () => {
    const source = await sourceFrom('jekyll-site', {});
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      const report = path.join(dir, 'report.md');
      await importIntoTinyBlog(source, content, report);
      const manifest = JSON.parse(await readFile(path.join(content, 'posts', manifestName), 'utf8')) as {
        posts: Record<string, { source: string; files: Record<string, string> }>;
      };
      assert.deepEqual(Object.keys(manifest.posts).sort(), [
        'launch-2019-05-01',
        'launch-2021-05-01',
        'next-steps',
        'typed-ruby',
        'video-tour',
      ]);
      assert.deepEqual(Object.keys(manifest.posts['typed-ruby']!.files).sort(), ['index.md', 'types.png']);

      await writeFile(
        path.join(source, '_posts', '2020-08-15-video-tour.md'),
        (await readFile(path.join(source, '_posts', '2020-08-15-video-tour.md'), 'utf8')).replace(
          'in two parts',
          'in two short parts',
        ),
      );
      await assert.rejects(
        importIntoTinyBlog(source, content, report),
        (error) =>
          error instanceof SiteErrorList &&
          error.errors.length === 5 &&
          error.errors.every((e) => e.code === 'import.post-exists'),
      );
      await importIntoTinyBlog(source, content, report, { update: true });
      assert.match(await readFile(path.join(content, 'posts', 'video-tour', 'index.md'), 'utf8'), /in two short parts/);

      const edited = path.join(content, 'posts', 'typed-ruby', 'index.md');
      await writeFile(edited, `${await readFile(edited, 'utf8')}\nA note of my own.\n`);
      const digest = await outputDigest(content);
      await assert.rejects(importIntoTinyBlog(source, content, report, { update: true }), (error) => {
        assert.ok(error instanceof SiteErrorList);
        assert.deepEqual(
          error.errors.map((e) => [e.code, path.relative(content, e.file!)]),
          [['import.post-changed', 'posts/typed-ruby']],
        );
        return true;
      });
      assert.equal(await outputDigest(content), digest, 'nothing written, the edit kept');
    } finally {
      await cleanup();
    }
  },
);
