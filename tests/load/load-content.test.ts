import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadContent, parseMarkdown } from '../../cli/load/load-content.ts';
import { SiteErrorList, type SiteError } from '../../cli/errors.ts';
import { fixtureContent, projectRoot } from '../helpers/content.ts';

/** Loads the minimal site with a fixture laid over it (and `change` made); returns code, file and line of each problem. */
async function fixtureLoadErrors(behaviour: string | undefined, change?: (content: string) => Promise<void>) {
  const { content, cleanup } = await fixtureContent(behaviour);
  try {
    await change?.(content);
    return (await loadErrors(content)).map((e) => [e.code, e.file && path.relative(content, e.file), e.line]);
  } finally {
    await cleanup();
  }
}

async function loadErrors(content: string): Promise<SiteError[]> {
  try {
    await loadContent(content);
  } catch (error) {
    assert.ok(error instanceof SiteErrorList, `expected a SiteErrorList, got ${error}`);
    return error.errors;
  }
  assert.fail('expected loading to fail');
}

test('loads every post, guide, legal page, dataset and toolkit text of the site', async () => {
  const raw = await loadContent(path.join(projectRoot, 'content'));
  assert.equal(raw.posts.length, 6);
  assert.equal(raw.guides.length, 5);
  assert.deepEqual(raw.legal.map((l) => path.basename(l.file)), ['privacy.md', 'terms.md']);
  assert.ok(raw.data.has('navigation') && raw.data.has('home') && raw.data.has('redirects'));
  assert.match(raw.toolkit.readme, /localhost:5174/);
});

test('reports where the body starts so Markdown lines map back to the file', () => {
  const file = parseMarkdown('x.md', '---\ntitle: A\ntags: [a]\n---\nfirst body line\n');
  assert.equal(file.bodyLine, 5);
  assert.equal(file.body.trimStart().split('\n')[0], 'first body line');
});

test('reports invalid YAML front matter at its line in the file', async () => {
  const [error] = await fixtureLoadErrors('bad-front-matter');
  // js-yaml 5 stops on the first line inside the unclosed `[` that is not indented (the old
  // js-yaml 3 reported the end of the block, line 11).
  assert.deepEqual(error, ['content.bad-front-matter', 'posts/first-post.md', 10]);
});

test('reports a JSON syntax error with its line', async () => {
  const [error] = await fixtureLoadErrors('bad-json');
  assert.deepEqual(error, ['content.bad-json', 'data/redirects.json', 2]);
});

test('reports a missing dataset by its file name', async () => {
  const errors = await fixtureLoadErrors(undefined, (content) => rm(path.join(content, 'data', 'testimonials.json')));
  assert.deepEqual(errors, [['content.missing-file', 'data/testimonials.json', undefined]]);
});
