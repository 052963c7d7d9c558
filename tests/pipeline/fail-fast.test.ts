// A build stops on a content problem before it spends time on images, and does not stop on the
// problems of drafts it leaves out: those are warnings until `--drafts` builds them.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { runCliHere } from '../helpers/cli.ts';
import { editFile } from '../helpers/content.ts';
import { flat } from '../helpers/images.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';

let dir: string;
let content: string;
let cleanup: () => Promise<void>;

before(async () => {
  ({ dir, content, cleanup } = await tinyContentCopy());
  await writeFile(path.join(content, 'images', 'photo.png'), await flat(900, 500));
});
after(() => cleanup());

const build = (options: { cacheDir?: string; drafts?: boolean } = {}) =>
  buildSite({
    root: tinyRoot,
    site: tinySite,
    contentDir: content,
    writer: new MemoryWriter(),
    cache: new Cache(options.cacheDir),
    drafts: options.drafts,
  });

/** Image variants in a cache folder: every entry of its `images` table but the SVG verdicts. */
async function encodedVariants(cacheDir: string): Promise<number> {
  const folder = path.join(cacheDir, 'images');
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  let count = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const bytes = await readFile(path.join(entry.parentPath, entry.name));
    if (bytes.subarray(bytes.indexOf(10) + 1).toString() !== 'clean') count++;
  }
  return count;
}

test('a problem in a Markdown body stops the build before any image is encoded', async () => {
  const cacheDir = path.join(dir, 'cache-failing');
  await editFile(path.join(content, 'posts', 'second.md'), '![A small square]', '![]');
  try {
    await assert.rejects(build({ cacheDir }), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line, e.column]),
        [['image.missing-alt', 'posts/second.md', 6, 31]],
      );
      return true;
    });
    assert.equal(await encodedVariants(cacheDir), 0, 'no variant was encoded');
  } finally {
    await editFile(path.join(content, 'posts', 'second.md'), '![]', '![A small square]');
  }
  const fixed = await build({ cacheDir });
  assert.equal(
    fixed.images.encoded,
    6,
    'once the body is fixed, photo.png is encoded at 400 and 900 px in three formats',
  );
  assert.equal(await encodedVariants(cacheDir), 6);
});

const draft = [
  '---',
  'title: Work in progress',
  'date: 2024-01-03',
  'draft: true',
  '---',
  '',
  'Not ready.',
  '',
  '![](/images/square.svg)',
  '',
].join('\n');

test('a draft left out of the build has its missing alt text reported as a warning at its place; with --drafts it stops the build there', async () => {
  const file = path.join(content, 'posts', 'wip.md');
  await writeFile(file, draft);
  const without = await build();
  assert.equal(without.committed, true);
  assert.ok(!without.pages.some((page) => page.route.path === '/posts/wip'), 'the draft is not built');
  const warnings = without.warnings.filter(
    (warning): warning is SiteError => warning instanceof SiteError && warning.code === 'image.missing-alt',
  );
  assert.deepEqual(
    warnings.map((w) => [path.relative(content, w.file!), w.line, w.column]),
    [['posts/wip.md', 9, 1]],
  );

  await assert.rejects(build({ drafts: true }), (error) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(
      error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line, e.column]),
      [['image.missing-alt', 'posts/wip.md', 9, 1]],
    );
    return true;
  });

  const cli = await runCliHere(['build', '--content', content, '--out', path.join(dir, 'cli-out'), '--no-cache'], {
    cwd: tinyRoot,
  });
  assert.equal(cli.code, 0, cli.stderr);
  assert.match(
    cli.stderr,
    /warning: .*posts\/wip\.md:9:1 +Image "\/images\/square\.svg" has no alt text +\[image\.missing-alt\]/,
  );
  const withDrafts = await runCliHere(
    ['build', '--drafts', '--content', content, '--out', path.join(dir, 'cli-out'), '--no-cache'],
    { cwd: tinyRoot },
  );
  assert.equal(withDrafts.code, 1);
  assert.match(
    withDrafts.stderr,
    /posts\/wip\.md:9:1 +Image "\/images\/square\.svg" has no alt text +\[image\.missing-alt\]/,
  );
});

test("a draft's front-matter problem is a warning without --drafts and an error with it", async () => {
  await writeFile(
    path.join(content, 'posts', 'wip.md'),
    draft.replace('title: Work in progress', 'title: Work in progress\ntags: 3'),
  );
  const without = await build();
  const warnings = without.warnings.filter((warning): warning is SiteError => warning instanceof SiteError);
  assert.deepEqual(
    warnings.map((w) => [w.code, path.relative(content, w.file!), w.line]),
    [
      ['content.invalid-field', 'posts/wip.md', 3],
      ['image.missing-alt', 'posts/wip.md', 10],
    ],
  );
  await assert.rejects(build({ drafts: true }), (error) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(
      error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line]),
      [['content.invalid-field', 'posts/wip.md', 3]],
    );
    return true;
  });
});
