// Every limit a content file can pass says the limit and what helps for that kind of file: an
// SVG is not told to split itself in two, a post is not told to become several.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { byteLimitHints, inputLimits } from '../../cli/input-limits.ts';
import { ContentFiles } from '../../cli/shared/read-content-file.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'limit-messages-'));
});
after(() => rm(dir, { recursive: true, force: true }));

test('an SVG over its limit is told its size, the limit, and to simplify it or export it as PNG', async () => {
  const images = path.join(dir, 'images');
  await import('node:fs/promises').then(({ mkdir }) => mkdir(images));
  await writeFile(path.join(images, 'map.svg'), `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!--${'x'.repeat(inputLimits.imageBytes)}--></svg>`);
  await assert.rejects(loadImages(images), (error) => {
    assert.ok(error instanceof SiteErrorList);
    const [problem] = error.errors;
    assert.equal(problem!.code, 'content.file-too-large');
    assert.match(problem!.message, /^file is 1,048,6\d\d bytes, more than the 1 MB limit$/);
    assert.match(problem!.hint!, /export it as PNG or JPEG, which may be up to 25 MB/);
    assert.doesNotMatch(problem!.hint!, /split/i);
    return true;
  });
});

test('each byte limit has advice of its own, and a Markdown file over its limit gets the advice for posts', async () => {
  assert.equal(new Set(Object.values(byteLimitHints)).size, Object.keys(byteLimitHints).length, 'no two limits share their advice');
  const file = path.join(dir, 'long.md');
  await writeFile(file, 'x'.repeat(inputLimits.markdownBytes + 1));
  assert.throws(() => new ContentFiles(dir).readText(file, 'markdownBytes'), (error) => {
    assert.ok(error instanceof SiteError);
    assert.equal(error.code, 'content.file-too-large');
    assert.match(error.message, /more than the 2 MB limit/);
    assert.equal(error.hint, byteLimitHints.markdownBytes);
    assert.match(error.hint!, /page bundle/);
    return true;
  });
});
