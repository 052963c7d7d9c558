import assert from 'node:assert/strict';
import { test } from 'node:test';
import { splitBody, splitMarkdown } from '../../cli/load/front-matter.ts';
import { sharedCorpusPosts } from '../helpers/realistic-posts.ts';

// Workers render a body split by `splitBody` before the build has parsed the file; the build
// keeps that render only when the body matches its own split, so the two must agree.
const shapes = [
  '',
  'no front matter\n',
  '---\ntitle: A\n---\nbody\n',
  '---\r\ntitle: A\r\n---\r\nbody\r\n',
  '\ufeff---\ntitle: A\n---\n\nbody after a blank line\n',
  '---yaml\ntitle: A\n---\nbody\n',
  '--- \ntitle: A\n---\nbody\n',
  '---\n---\nempty front matter\n',
  '---\n# only a comment\n---\nbody\n',
  '---\ntitle: A\n',
  '---',
  '----\nnot a fence\n',
  '---\ntitle: A\n---more on the closing line\nbody\n',
  '---\ntitle: A\n---\n---\nbody with a rule\n',
  '---\ntitle: "x"\n---\r\rbody after a lone CR\n',
];

test('splitBody splits every shape of file where splitMarkdown does', () => {
  for (const source of shapes) {
    const full = splitMarkdown(source);
    assert.deepEqual(splitBody(source), { body: full.body, bodyLine: full.bodyLine }, JSON.stringify(source));
  }
});

test('splitBody agrees with splitMarkdown on realistic posts', () => {
  for (const { text } of sharedCorpusPosts(50)) {
    const full = splitMarkdown(text);
    assert.deepEqual(splitBody(text), { body: full.body, bodyLine: full.bodyLine });
  }
});

test('splitBody refuses front matter that is not YAML, as splitMarkdown does', () => {
  assert.throws(() => splitBody('---js\n{}\n---\nbody\n', 'post.md'), /front matter must be YAML/);
});
