// `build --strict`: a content warning of a page the build publishes is an error at its place, the
// previous output stays; without the flag the same build publishes and prints the warning.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { collectSiteErrors, SiteError } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { runCliHere } from '../helpers/cli.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

test('--strict refuses an output whose page has a content warning, at its line, and keeps the previous output', async () => {
  const site = await copyTinySite();
  try {
    const build = (...flags: string[]) => runCliHere(['build', ...flags], { cwd: site.root });
    assert.equal((await build('--strict')).code, 0, 'a clean site builds under --strict');
    const index = path.join(site.root, 'dist', 'index.html');
    const before = await readFile(index);
    const post = path.join(site.content, 'posts', 'warned.md');
    await writeFile(post, '---\ntitle: Warned\ndate: 2024-03-01\n---\n\nIntro.\n\n<script>alert(1)</script>\n');

    const strict = await build('--strict');
    assert.equal(strict.code, 1, strict.stderr);
    assert.match(strict.stderr, /posts\/warned\.md:8:1 .*\[markdown\.html-removed\]/);
    assert.deepEqual(await readFile(index), before, 'the previous output stays');
    assert.equal((await build('--strict')).code, 1, 'a second strict build, with the caches, refuses it again');

    const plain = await build();
    assert.equal(plain.code, 0, plain.stderr);
    assert.match(plain.stderr, /\[markdown\.html-removed\]/, 'without --strict it is a warning');
    assert.equal(
      (await build('--strict')).code,
      1,
      "the plain build's up-to-date record does not answer a strict build",
    );
  } finally {
    await site.cleanup();
  }
});

test('an accessibility finding is a warning of a build, and under strict an error at its place', async () => {
  const { dir, content, cleanup } = await tinyContentCopy();
  try {
    const file = path.join(content, 'posts', 'vague.md');
    await writeFile(file, '---\ntitle: Vague\ndate: 2024-03-01\n---\n\nTo set it up, [click here](/).\n');
    const build = (strict: boolean) =>
      buildSite({
        root: tinyRoot,
        site: tinySite,
        contentDir: content,
        writer: new MemoryWriter(),
        checkLinks: false,
        strict,
        cache: new Cache(path.join(dir, 'cache')),
      });
    const plain = await build(false);
    assert.deepEqual(
      plain.warnings
        .filter((warning) => warning instanceof SiteError && warning.file === file)
        .map((warning) => `${(warning as SiteError).line}:${(warning as SiteError).column} ${warning.code}`),
      ['6:15 accessibility.link-text'],
    );
    // The second build takes the body from the cache: the finding comes back with it, as an error.
    const errors = await build(true).then(
      () => [],
      (error: unknown) => collectSiteErrors(error) ?? [],
    );
    assert.deepEqual(
      errors.map((error) => `${path.relative(content, error.file ?? '')}:${error.line}:${error.column} ${error.code}`),
      ['posts/vague.md:6:15 accessibility.link-text'],
    );
  } finally {
    await cleanup();
  }
});
