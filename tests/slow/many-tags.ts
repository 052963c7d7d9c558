// A blog of 200 posts with 50 tags each, 10,000 distinct tags (as many as the defaults admit),
// built whole through the pipeline in a process whose heap is capped at 1 GB: the build must
// finish, every page stay the same small size however many tags the site has (so the output is
// linear in posts and tags), and every tag keep its page. Before term lists were bounded, each of
// the 10,000 tag pages linked every tag, and the build ran out of memory. Ten thousand pages
// render for about a minute: not part of `npm test` (tests/site/many-tags.test.ts checks the
// same pages at this size without building them all). Run it with `npm run test:slow`.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import type { ManyTagsBuild } from '../helpers/build-many-tags.ts';
import { projectRoot } from '../helpers/content.ts';

const posts = 200;
const tagsPerPost = 50;
const heapLimitMb = 1024;

test(
  '200 posts with 10,000 distinct tags build under a 1 GB heap, each page of bounded size',
  { timeout: 15 * 60_000 },
  async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        `--max-old-space-size=${heapLimitMb}`,
        '--import',
        'tsx',
        path.join(projectRoot, 'tests', 'helpers', 'build-many-tags.ts'),
        String(posts),
        String(tagsPerPost),
      ],
      { cwd: projectRoot, maxBuffer: 64 * 1024 * 1024 },
    );
    const build = JSON.parse(stdout) as ManyTagsBuild;
    const tags = posts * tagsPerPost;
    assert.ok(build.pages > tags, `a page for each of the ${tags} tags (${build.pages} pages)`);
    // Linear: no page grows with the number of tags, so the output is pages × a bounded size.
    assert.ok(
      build.largest.bytes < 100_000,
      `the largest page, ${build.largest.file}, is ${build.largest.bytes} bytes`,
    );
    assert.ok(build.bytes < 40_000 * build.files, `${build.bytes} bytes in ${build.files} files`);
    const tagPage = build.read['blog/tags/topic-199-49/index.html']!;
    assert.equal(
      [...tagPage.matchAll(/href="\/blog\/tags\/topic-[\d-]+\/"/g)].length,
      41,
      'a tag page links the 40 most used tags and its own',
    );
    assert.match(tagPage, /href="\/blog\/tags\/">All 10,000 tags</);
    assert.equal(
      [...build.read['blog/tags/page/2/index.html']!.matchAll(/class="term-count"/g)].length,
      200,
      'the list of every tag, 200 to a page',
    );
    assert.ok(build.peakRss < 2 * 1024 ** 3, `peak memory ${Math.round(build.peakRss / 1024 ** 2)} MB`);
  },
);
