import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { loadContent, parseMarkdown } from '../../cli/load/load-content.ts';
import { SiteErrorList, type SiteError } from '../../cli/errors.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';

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
  const { content, cleanup } = await copyContent();
  try {
    await editFile(path.join(content, 'posts', 'ai-powered-bug-reports.md'), /^category: .*$/m, 'category: [unclosed');
    const [error] = await loadErrors(content);
    assert.equal(error?.code, 'content.bad-front-matter');
    assert.match(error!.file!, /ai-powered-bug-reports\.md$/);
    assert.ok(error!.line! >= 8 && error!.line! <= 12, `line ${error!.line}`);
  } finally {
    await cleanup();
  }
});

test('reports a JSON syntax error with its line', async () => {
  const { content, cleanup } = await copyContent();
  try {
    await editFile(path.join(content, 'data', 'redirects.json'), '"to": "/services/devshops"', '"to": "/services/devshops",,');
    const [error] = await loadErrors(content);
    assert.equal(error?.code, 'content.bad-json');
    assert.match(error!.file!, /redirects\.json$/);
    assert.equal(error!.line, 2);
  } finally {
    await cleanup();
  }
});

test('reports a missing dataset by its file name', async () => {
  const { content, cleanup } = await copyContent();
  try {
    await rm(path.join(content, 'data', 'testimonials.json'));
    const errors = await loadErrors(content);
    assert.deepEqual(errors.map((e) => [e.code, path.basename(e.file!)]), [['content.missing-file', 'testimonials.json']]);
  } finally {
    await cleanup();
  }
});
