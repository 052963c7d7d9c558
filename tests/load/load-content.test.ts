import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { ContentSpec } from '../../cli/config/content-spec.ts';
import { loadContent, parseMarkdown } from '../../cli/load/load-content.ts';
import { tinySite } from '../helpers/sites.ts';
import { located, locatedErrors, tinyContent, type TinyFiles } from '../helpers/tiny-content.ts';

// The loader on the tiny site's content (tests/sites/tiny/content), each case with the file it
// breaks written out below; what the marketing site's content spec loads is in tests/site/.

/** Loads tiny content with `files` laid over it; returns code, file and line of each problem. */
async function loadErrors(files: TinyFiles, spec: ContentSpec = tinySite.definition.content) {
  const { content, cleanup } = await tinyContent(files);
  try {
    await loadContent(content, spec);
  } catch (error) {
    return located(locatedErrors(error, content));
  } finally {
    await cleanup();
  }
  assert.fail('expected loading to fail');
}

test('loads every collection and dataset the content spec names: front matter split from body, a collection without a schema read whole', async () => {
  const notes = '# Notes\n\nRead as written, --- and all.\n';
  const { content, cleanup } = await tinyContent({ 'notes/read-me.md': notes, 'notes/ignored.txt': 'not Markdown' });
  try {
    const spec: ContentSpec = {
      ...tinySite.definition.content,
      collections: { ...tinySite.definition.content.collections, notes: { folder: 'notes' } },
    };
    const raw = await loadContent(content, spec);
    assert.deepEqual(
      raw.collections.posts!.map((post) => [path.basename(post.file), post.frontMatter.title, post.bodyLine]),
      [
        ['hello.md', 'Hello', 6],
        ['second.md', 'Second', 5],
      ],
    );
    assert.equal(raw.collections.posts![0]!.body.trim().split('\n')[0], 'The first post. It links [back home](/).');
    assert.deepEqual(
      raw.collections.notes!.map((note) => [path.basename(note.file), note.body, note.frontMatter]),
      [['read-me.md', notes, {}]],
    );
    assert.deepEqual([...raw.data.keys()], ['site']);
    assert.deepEqual(raw.data.get('site')!.value, { title: 'Tiny', url: 'https://tiny.example' });
  } finally {
    await cleanup();
  }
});

test('reports where the body starts so Markdown lines map back to the file', () => {
  const file = parseMarkdown('x.md', '---\ntitle: A\ntags: [a]\n---\nfirst body line\n');
  assert.equal(file.bodyLine, 5);
  assert.equal(file.body.trimStart().split('\n')[0], 'first body line');
});

test('reports invalid YAML front matter at its line in the file', async () => {
  const errors = await loadErrors({
    'posts/hello.md': [
      '---',
      'title: Hello',
      'date: 2024-01-02',
      'tags: [unclosed',
      'draft: false',
      '---',
      '',
      'The body.',
    ].join('\n'),
  });
  // js-yaml 5 stops on the first line inside the unclosed `[` that is not indented (the old
  // js-yaml 3 reported the end of the block).
  assert.deepEqual(errors, [['content.bad-front-matter', 'posts/hello.md', 5]]);
});

test('reports a JSON syntax error with its line', async () => {
  const errors = await loadErrors({ 'data/site.json': '{\n  "title": "Tiny",,\n  "url": "https://tiny.example"\n}\n' });
  assert.deepEqual(errors, [['content.bad-json', 'data/site.json', 2]]);
});

test('reports a missing dataset by its file name', async () => {
  const errors = await loadErrors({ 'data/site.json': null });
  assert.deepEqual(errors, [['content.missing-file', 'data/site.json', undefined]]);
});

test('collects the problems of every file before failing', async () => {
  const errors = await loadErrors({
    'data/site.json': '{ "title": }',
    'posts/second.md': '---\ntitle: [Second\n---\nbody\n',
  });
  assert.deepEqual(errors.map(([code, file]) => [code, file]).sort(), [
    ['content.bad-front-matter', 'posts/second.md'],
    ['content.bad-json', 'data/site.json'],
  ]);
});
