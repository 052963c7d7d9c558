// Every limit a content file can pass says the limit and what helps for that kind of file: an
// SVG is not told to split itself in two, a post is not told to become several.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { byteLimitHints, defaultInputLimits, inputLimits, useInputLimits } from '../../cli/input-limits.ts';
import { ContentFiles } from '../../cli/shared/read-content-file.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'limit-messages-'));
});
after(() => rm(dir, { recursive: true, force: true }));

test('an SVG over its limit is told its size, the limit, and to simplify it, export it as PNG or raise the limit', async () => {
  const images = path.join(dir, 'images');
  await import('node:fs/promises').then(({ mkdir }) => mkdir(images));
  await writeFile(
    path.join(images, 'map.svg'),
    `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!--${'x'.repeat(inputLimits.imageBytes)}--></svg>`,
  );
  await assert.rejects(loadImages(images), (error) => {
    assert.ok(error instanceof SiteErrorList);
    const [problem] = error.errors;
    assert.equal(problem!.code, 'content.file-too-large');
    assert.match(
      problem!.message,
      /^file is 16\.0 MB, more than the 16 MB limit$|^file is 16,777,\d{3} bytes, more than the 16 MB limit$/,
    );
    assert.match(problem!.hint!, /export it as PNG or JPEG, or raise `limits\.imageBytes` in the site definition/);
    assert.doesNotMatch(problem!.hint!, /split/i);
    return true;
  });
});

test("a site's definition raises a limit, and puts every other back at its default", async () => {
  const images = path.join(dir, 'raised');
  await import('node:fs/promises').then(({ mkdir }) => mkdir(images));
  const text = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect width="1" height="1"/>'.repeat(30)}</svg>`;
  await writeFile(path.join(images, 'busy.svg'), text);
  try {
    assert.equal(useInputLimits({ svgElements: 20 }), undefined);
    await assert.rejects(
      loadImages(images),
      (error) => error instanceof SiteErrorList && error.errors[0]!.code === 'content.file-too-large',
    );
    assert.equal(useInputLimits({ svgElements: 40 }), undefined);
    assert.equal((await loadImages(images)).svg.length, 1);
    assert.match(useInputLimits({ svgElements: 0 })!, /svgElements: 0 is not a whole number of at least 1/);
    assert.match(useInputLimits({ imageMegabytes: 4 })!, /imageMegabytes is no limit of the build/);
  } finally {
    useInputLimits(undefined);
  }
  assert.deepEqual({ ...inputLimits }, { ...defaultInputLimits });
});

test('each byte limit has advice of its own, and a Markdown file over its limit gets the advice for posts', async () => {
  assert.equal(
    new Set(Object.values(byteLimitHints)).size,
    Object.keys(byteLimitHints).length,
    'no two limits share their advice',
  );
  const file = path.join(dir, 'long.md');
  await writeFile(file, 'x'.repeat(inputLimits.markdownBytes + 1));
  assert.throws(
    () => new ContentFiles(dir).readText(file, 'markdownBytes'),
    (error) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'content.file-too-large');
      assert.match(error.message, /more than the 2 MB limit/);
      assert.equal(error.hint, byteLimitHints.markdownBytes);
      assert.match(error.hint!, /page bundle/);
      return true;
    },
  );
});
