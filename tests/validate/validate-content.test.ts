import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { ContentSpec } from '../../cli/config/content-spec.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { validateContent, type ValidateOptions } from '../../cli/validate/validate-content.ts';
import { tinySite } from '../helpers/sites.ts';
import { tinyContent, validateTiny } from '../helpers/tiny-content.ts';

// Validation on the tiny site's content (tests/sites/tiny/content: hello.md of 2024-01-02,
// second.md of 2024-02-03). Error cases live in content-errors.test.ts; what the marketing site's
// model makes of its content is in tests/site/model.test.ts.

const now = new Date('2024-06-01T00:00:00Z');

test('validates a dated collection newest first, each entry with its date and its front matter as the schema parsed it', async () => {
  const { content, errors } = await validateTiny({}, { now });
  assert.deepEqual(errors, []);
  assert.deepEqual(
    content!.collections.posts!.map((entry) => [
      path.basename(entry.file),
      entry.date?.toISOString(),
      entry.draft,
      entry.data,
    ]),
    [
      ['second.md', '2024-02-03T00:00:00.000Z', false, { title: 'Second', date: '2024-02-03', tags: [] }],
      ['hello.md', '2024-01-02T00:00:00.000Z', false, { title: 'Hello', date: '2024-01-02', tags: ['greeting'] }],
    ],
  );
  assert.equal(content!.collections.posts![1]!.bodyLine, 6);
  assert.deepEqual(content!.data, { site: { title: 'Tiny', url: 'https://tiny.example' } });
});

test('leaves drafts and future posts out unless asked', async () => {
  const { content: dir, cleanup } = await tinyContent({
    'posts/draft.md': '---\ntitle: Draft\ndate: 2024-03-01\ndraft: true\n---\n\nNot yet.\n',
    'posts/future.md': '---\ntitle: Future\ndate: 2099-01-01\n---\n\nLater.\n',
  });
  try {
    const raw = await loadContent(dir, tinySite.definition.content);
    const slugs = (options: ValidateOptions) =>
      validateContent(raw, tinySite.definition.content, { now, ...options }).collections.posts!.map((entry) =>
        path.basename(entry.file, '.md'),
      );
    assert.deepEqual(slugs({}), ['second', 'hello']);
    assert.deepEqual(slugs({ drafts: true }), ['draft', 'second', 'hello']);
    assert.deepEqual(slugs({ future: true }), ['future', 'second', 'hello']);
    assert.deepEqual(slugs({ drafts: true, future: true }), ['future', 'draft', 'second', 'hello']);
    assert.deepEqual(slugs({ now: new Date('2024-01-15T00:00:00Z') }), ['hello'], 'dated after now is the future');
  } finally {
    await cleanup();
  }
});

test('entries of one date come in file order, so builds are deterministic', async () => {
  const { content } = await validateTiny(
    { 'posts/a-same-day.md': '---\ntitle: Same day\ndate: 2024-02-03\n---\n\nBody.\n' },
    { now },
  );
  assert.deepEqual(
    content!.collections.posts!.map((entry) => path.basename(entry.file)),
    ['a-same-day.md', 'second.md', 'hello.md'],
  );
});

test('a collection that is not dated keeps its entries in file order, drafts and all', async () => {
  const spec: ContentSpec = {
    ...tinySite.definition.content,
    collections: {
      ...tinySite.definition.content.collections,
      pages: { folder: 'pages', schema: tinySite.definition.content.collections.posts!.schema },
    },
  };
  const { content, errors } = await validateTiny(
    {
      'pages/b.md': '---\ntitle: B\ndate: 2099-01-01\ndraft: true\n---\nB\n',
      'pages/a.md': '---\ntitle: A\ndate: 2020-01-01\n---\nA\n',
    },
    { now, spec },
  );
  assert.deepEqual(errors, []);
  assert.deepEqual(
    content!.collections.pages!.map((entry) => [path.basename(entry.file), entry.date]),
    [
      ['a.md', undefined],
      ['b.md', undefined],
    ],
  );
});
