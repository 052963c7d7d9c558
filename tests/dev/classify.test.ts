import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { classifyChanges, onlyStyles, type ChangeSet } from '../../cli/dev/classify.ts';

// What an edit makes `sitegen dev` redo: content is re-read, stylesheets re-bundled, and
// anything else the watcher reports (templates, islands, the site's definition) is the site's
// code, compiled again.

const root = path.resolve('/project');
const contentDir = path.join(root, 'content');
const stylesDir = path.join(root, 'templates', 'styles');
const at = (...parts: string[]) => path.join(root, ...parts);
const empty: ChangeSet = { content: [], styles: [], code: [] };

test('sorts content, style and code files into their groups', () => {
  const changes = classifyChanges(contentDir, stylesDir, [
    at('content', 'posts', 'a.md'),
    at('content', 'data', 'site.json'),
    at('templates', 'pages', 'home.tsx'),
    at('templates', 'components', 'Header.tsx'),
    at('templates', 'styles', 'site.css'),
    at('client', 'islands', 'BlogExplorer.tsx'),
    at('client', 'site.ts'),
    at('sitegen.config.ts'),
  ]);
  assert.deepEqual(changes, {
    content: [at('content', 'posts', 'a.md'), at('content', 'data', 'site.json')],
    styles: [at('templates', 'styles', 'site.css')],
    code: [
      at('templates', 'pages', 'home.tsx'),
      at('templates', 'components', 'Header.tsx'),
      at('client', 'islands', 'BlogExplorer.tsx'),
      at('client', 'site.ts'),
      at('sitegen.config.ts'),
    ],
  });
});

test('counts a file reported twice once', () => {
  const file = at('content', 'posts', 'a.md');
  assert.deepEqual(classifyChanges(contentDir, stylesDir, [file, file]).content, [file]);
});

test('does not take a sibling folder whose name starts like the content or styles folder for content or styles', () => {
  const files = [
    at('content-old', 'posts', 'a.md'),
    at('templates', 'styles-old', 'a.css'),
    at('templates', 'stylesheet.css'),
  ];
  assert.deepEqual(classifyChanges(contentDir, stylesDir, files), { ...empty, code: files });
});

test('takes files under a content folder outside the project root for content', () => {
  const outside = path.resolve('/shared/site-content');
  const file = path.join(outside, 'posts', 'a.md');
  assert.deepEqual(classifyChanges(outside, stylesDir, [file, at('content', 'posts', 'b.md')]).content, [file]);
});

test('counts a stylesheet as a style, and a template beside it in the same folder as code', () => {
  // The tiny site keeps templates/pages.tsx and templates/styles.css side by side.
  const folder = at('templates');
  const changes = classifyChanges(contentDir, folder, [
    at('templates', 'styles.css'),
    at('templates', 'pages.tsx'),
    at('templates', 'nested', 'Part.CSS'),
    at('templates', 'fonts', 'inter.woff2'),
  ]);
  assert.deepEqual(changes, {
    content: [],
    styles: [at('templates', 'styles.css'), at('templates', 'nested', 'Part.CSS')],
    code: [at('templates', 'pages.tsx'), at('templates', 'fonts', 'inter.woff2')],
  });
  assert.equal(onlyStyles(changes), false);
});

test('onlyStyles is true for style changes alone', () => {
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'] }), true);
});

test('onlyStyles is false with no changes or with any other kind of change beside styles', () => {
  assert.equal(onlyStyles(empty), false);
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'], content: ['a.md'] }), false);
  assert.equal(onlyStyles({ ...empty, styles: ['a.css'], code: ['a.tsx'] }), false);
});

test('takes a content file whose name starts with two dots for content', () => {
  const file = at('content', '..draft.md');
  assert.deepEqual(classifyChanges(contentDir, stylesDir, [file]).content, [file]);
});
