import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { checkImageAlt } from '../../cli/images/check-image-alt.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { editFile, fixtureContent } from '../helpers/content.ts';

/** The alt-text problems of the minimal site after `edit`, as [code, file, line]. */
async function altProblems(edit: (content: string) => Promise<void>): Promise<[string, string, number | undefined][]> {
  const { content, cleanup } = await fixtureContent();
  try {
    await edit(content);
    const raw = await loadContent(content);
    checkImageAlt(raw, validateContent(raw));
    return [];
  } catch (error) {
    assert.ok(error instanceof SiteErrorList, String(error));
    return error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line]);
  } finally {
    await cleanup();
  }
}

test('passes images that say what they show', async () => {
  assert.deepEqual(await altProblems(async () => undefined), []);
});

test('an image in a dataset with an empty alt is an error at the line of its alt', async () => {
  const problems = await altProblems((content) => editFile(path.join(content, 'data', 'home.json'), '"alt": "Illustration of", "width": 600', '"alt": " ", "width": 600'));
  assert.deepEqual(problems, [['image.missing-alt', 'data/home.json', 36]]);
});

test('an empty alt is accepted on an image marked "decorative": true', async () => {
  const problems = await altProblems((content) => editFile(path.join(content, 'data', 'home.json'), '"alt": "Illustration of", "width": 600', '"alt": "", "decorative": true, "width": 600'));
  assert.deepEqual(problems, []);
});

test("a post's empty imageAlt is an error at its line: a post's image is never decoration", async () => {
  const problems = await altProblems((content) => editFile(path.join(content, 'posts', 'first-post.md'), 'imageAlt: A single pixel', 'imageAlt: ""'));
  assert.deepEqual(problems, [['image.missing-alt', 'posts/first-post.md', 8]]);
});
