// Page bundles on the tiny site: a post that is a folder (`posts/<name>/index.md`) with its
// images and files beside it. Its images go through the image pipeline and the alt-text rule,
// every file is published beside its page, relative references resolve against its folder, and
// a broken one is an error at its file, line and column.
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { flat } from '../helpers/images.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;
let out: string;
let bundle: string;

const launch = [
  '---',
  'title: Launch',
  'date: 2024-01-05',
  'image: cover.png',
  'imageAlt: The launch cover',
  'extra:',
  '  layout: post',
  '  author: { name: Dana }',
  '---',
  '',
  '![A test run](./shots/run.png)',
  '',
  'See [the slides](slides.pdf), [hello](../hello.md), [second](../second/), [home](../../) and [the run](shots/run.png#top).',
  '',
].join('\n');

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
  out = path.join(dir, 'dist');
  bundle = path.join(content, 'posts', 'launch');
  await mkdir(path.join(bundle, 'shots'), { recursive: true });
  await writeFile(path.join(bundle, 'index.md'), launch);
  await writeFile(path.join(bundle, 'shots', 'run.png'), await flat(900, 500));
  await writeFile(path.join(bundle, 'cover.png'), await flat(500, 300));
  await writeFile(path.join(bundle, 'slides.pdf'), '%PDF-1.4 slides');
});
after(() => cleanup());

const build = (options: { contentDir?: string; site?: typeof tinySite } = {}) =>
  buildSite({
    root: tinyRoot,
    site: options.site ?? tinySite,
    contentDir: options.contentDir ?? content,
    writer: new DiskWriter(out),
    cache: new Cache(undefined),
  });

/** Replaces a file of the bundle for one test. */
async function withFile(file: string, text: string, run: () => Promise<void>): Promise<void> {
  const before = await readFile(file, 'utf8').catch(() => undefined);
  await writeFile(file, text);
  try {
    await run();
  } finally {
    if (before === undefined) await rm(file);
    else await writeFile(file, before);
  }
}

const located = (error: unknown) => {
  assert.ok(error instanceof SiteErrorList, String(error));
  return error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line, e.column]);
};

test("a bundle's images get variants beside its page, its files are published there, and its relative links lead to pages", async () => {
  const result = await build();
  assert.equal(result.committed, true);
  assert.deepEqual(result.links?.findings, [], 'the link check finds nothing broken');
  assert.deepEqual(
    result.images,
    { images: 2, processed: 2, encoded: 12 },
    'run.png at 400 and 900 px and cover.png at 400 and 500 px, in AVIF, WebP and PNG',
  );
  const html = await readFile(path.join(out, 'posts', 'launch', 'index.html'), 'utf8');
  const image = /<img src="([^"]+)" srcset="([^"]+)" alt="A test run" width="900" height="500">/.exec(html);
  assert.ok(image, html);
  assert.match(image[1]!, /^\/posts\/launch\/shots\/run-900w\.[0-9a-f]{10}\.png$/);
  assert.match(
    image[2]!,
    /^\/posts\/launch\/shots\/run-400w\.[0-9a-f]{10}\.png 400w, \/posts\/launch\/shots\/run-900w\.[0-9a-f]{10}\.png 900w$/,
  );
  for (const variant of [image[1]!, ...image[2]!.split(', ').map((candidate) => candidate.split(' ')[0]!)])
    await readFile(path.join(out, variant));
  assert.deepEqual(
    await readFile(path.join(out, 'posts', 'launch', 'shots', 'run.png')),
    await readFile(path.join(out, image[1]!)),
    "the widest variant also at the image's own path",
  );
  assert.equal(
    await readFile(path.join(out, 'posts', 'launch', 'slides.pdf'), 'utf8'),
    '%PDF-1.4 slides',
    'the PDF beside the page',
  );
  assert.match(html, /<a href="\/posts\/launch\/slides\.pdf">the slides<\/a>/);
  assert.match(
    html,
    /<a href="\/posts\/hello\/">hello<\/a>, <a href="\/posts\/second\/">second<\/a>, <a href="\/">home<\/a>/,
  );
  assert.match(html, /<a href="\/posts\/launch\/shots\/run\.png#top">the run<\/a>/);
  assert.doesNotMatch(html, /layout|Dana/, 'the fields kept under extra are not shown');
});

test("front matter names a file of the bundle by its path there, and gets the file's address", async () => {
  let image: unknown;
  const site = loadedSite({
    ...tinySite.definition,
    model: (content, options) => {
      image = content.collections.posts!.find((entry) => entry.name === 'launch')?.data.image;
      return tinySite.definition.model(content, options);
    },
  });
  await build({ site });
  assert.equal(image, '/posts/launch/cover.png');
});

test('a relative image that is not beside the post is an error at its line and column, suggesting the file meant', async () => {
  await withFile(path.join(bundle, 'index.md'), launch.replace('./shots/run.png', './shots/rn.png'), async () => {
    await assert.rejects(build(), (error) => {
      assert.deepEqual(located(error), [['content.missing-image', 'posts/launch/index.md', 11, 1]]);
      assert.match((error as SiteErrorList).errors[0]!.hint!, /did you mean shots\/run\.png\?/);
      return true;
    });
  });
});

test('an image beside the post without alt text is an error at its line and column', async () => {
  await withFile(path.join(bundle, 'index.md'), launch.replace('![A test run]', '![]'), async () => {
    await assert.rejects(build(), (error) => {
      assert.deepEqual(located(error), [['image.missing-alt', 'posts/launch/index.md', 11, 1]]);
      return true;
    });
  });
});

test('a draft bundle left out of the build warns of an image it lacks, and of nothing it has: its own images are no site images', async () => {
  await withFile(
    path.join(bundle, 'index.md'),
    launch
      .replace('date: 2024-01-05', 'date: 2024-01-05\ndraft: true')
      .replace('(slides.pdf)', '(slides.pdf) ![Not here](./shots/gone.png) ![Nor here](/images/gone.png)'),
    async () => {
      const result = await build();
      const warnings = result.warnings
        .filter((warning) => 'code' in warning && warning.code === 'content.missing-image')
        .map((warning) => [(warning as { message: string }).message, (warning as { line?: number }).line]);
      assert.deepEqual(warnings, [
        ['image: shots/gone.png is not beside the post', 14],
        ['image: /images/gone.png is not in content/images', 14],
      ]);
    },
  );
});

test('a relative image in a post that is a single file is an error that says to make it a bundle', async () => {
  const file = path.join(content, 'posts', 'hello.md');
  const text = await readFile(file, 'utf8');
  await withFile(file, `${text}\n![A square](square.png)\n`, async () => {
    await assert.rejects(build(), (error) => {
      assert.deepEqual(located(error), [['content.missing-image', 'posts/hello.md', 13, 1]]);
      assert.match((error as SiteErrorList).errors[0]!.hint!, /move the post to hello\/index\.md/);
      return true;
    });
  });
});

test('a front-matter image that is not beside the post is an error at its line', async () => {
  await withFile(path.join(bundle, 'index.md'), launch.replace('image: cover.png', 'image: covers.png'), async () => {
    await assert.rejects(build(), (error) => {
      assert.deepEqual(located(error), [['content.missing-image', 'posts/launch/index.md', 4, undefined]]);
      return true;
    });
  });
});

test('a folder among the posts without index.md is an error naming it', async () => {
  await mkdir(path.join(content, 'posts', 'stray'));
  await writeFile(path.join(content, 'posts', 'stray', 'post.md'), '---\ntitle: Stray\ndate: 2024-01-01\n---\n');
  try {
    await assert.rejects(build(), (error) => {
      assert.deepEqual(located(error), [['content.bundle-without-index', 'posts/stray', undefined, undefined]]);
      return true;
    });
  } finally {
    await rm(path.join(content, 'posts', 'stray'), { recursive: true });
  }
});

test('a bundle file linking out of the content folder is an error at the file, and nothing of it is read', async () => {
  const { symlink } = await import('node:fs/promises');
  await symlink('/etc/hostname', path.join(bundle, 'leak.txt'));
  try {
    await assert.rejects(build(), (error) => {
      assert.deepEqual(
        located(error).map(([code, file]) => [code, file]),
        [['content.outside-content-folder', 'posts/launch/leak.txt']],
      );
      return true;
    });
  } finally {
    await rm(path.join(bundle, 'leak.txt'));
  }
});

test('extra holds fields kept from elsewhere; anything but a mapping there is an error at its line', async () => {
  await withFile(
    path.join(bundle, 'index.md'),
    launch.replace(/extra:\n {2}layout: post\n {2}author: \{ name: Dana \}/, 'extra: post'),
    async () => {
      await assert.rejects(build(), (error) => {
        assert.deepEqual(located(error), [['content.invalid-field', 'posts/launch/index.md', 6, undefined]]);
        return true;
      });
    },
  );
});

test("a site whose bundle pages its routes do not have is told so at the bundle's file", async () => {
  const site = loadedSite({
    ...tinySite.definition,
    content: {
      ...tinySite.definition.content,
      collections: {
        posts: {
          ...tinySite.definition.content.collections.posts!,
          bundles: { page: (entry) => `/blog/${entry.name}` },
        },
      },
    },
  });
  await assert.rejects(build({ site }), (error) => {
    assert.deepEqual(located(error), [['content.bundle-without-page', 'posts/launch/index.md', undefined, undefined]]);
    return true;
  });
});
