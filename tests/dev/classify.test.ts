import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { classifyChanges, onlyStyles, type ChangeSet } from '../../cli/dev/classify.ts';

const root = path.resolve('/project');
const contentDir = path.join(root, 'content');
const at = (...parts: string[]) => path.join(root, ...parts);
const empty: ChangeSet = { content: [], templates: [], styles: [], client: [] };

test('sorts content, template, style and client files into their groups', () => {
  const changes = classifyChanges(root, contentDir, [
    at('content', 'posts', 'a.md'),
    at('content', 'data', 'site.json'),
    at('templates', 'pages', 'home.tsx'),
    at('templates', 'components', 'Header.tsx'),
    at('templates', 'styles', 'site.css'),
    at('client', 'islands', 'BlogExplorer.tsx'),
    at('client', 'site.ts'),
  ]);
  assert.deepEqual(changes, {
    content: [at('content', 'posts', 'a.md'), at('content', 'data', 'site.json')],
    templates: [at('templates', 'pages', 'home.tsx'), at('templates', 'components', 'Header.tsx')],
    styles: [at('templates', 'styles', 'site.css')],
    client: [at('client', 'islands', 'BlogExplorer.tsx'), at('client', 'site.ts')],
  });
});

test('counts a file reported twice once', () => {
  const file = at('content', 'posts', 'a.md');
  assert.deepEqual(classifyChanges(root, contentDir, [file, file]).content, [file]);
});

test('ignores files outside the watched folders', () => {
  assert.deepEqual(classifyChanges(root, contentDir, [at('README.md'), at('cli', 'index.ts'), at('tests', 'x.test.ts'), path.resolve('/elsewhere/content/a.md')]), empty);
});

test('does not take a sibling folder whose name starts like the content folder for content', () => {
  assert.deepEqual(classifyChanges(root, contentDir, [at('content-old', 'posts', 'a.md'), at('templates-old', 'a.tsx'), at('clients', 'a.ts')]), empty);
});

test('takes files under a content folder outside the project root for content', () => {
  const outside = path.resolve('/shared/site-content');
  const file = path.join(outside, 'posts', 'a.md');
  assert.deepEqual(classifyChanges(root, outside, [file, at('content', 'posts', 'b.md')]).content, [file]);
});

test('counts a style file as a style, not a template', () => {
  const changes = classifyChanges(root, contentDir, [at('templates', 'styles', 'pages.css')]);
  assert.deepEqual(changes.templates, []);
  assert.deepEqual(changes.styles, [at('templates', 'styles', 'pages.css')]);
});

test('onlyStyles is true for style changes alone', () => {
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'] }), true);
});

test('onlyStyles is false with no changes or with any other kind of change beside styles', () => {
  assert.equal(onlyStyles(empty), false);
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'], content: ['a.md'] }), false);
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'], templates: ['a.tsx'] }), false);
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'], client: ['a.ts'] }), false);
});

test('takes a content file whose name starts with two dots for content', () => {
  const file = at('content', '..draft.md');
  assert.deepEqual(classifyChanges(root, contentDir, [file]).content, [file]);
});
