import assert from 'node:assert/strict';
import { test } from 'node:test';
import { collectTerms, termSlug } from '../../cli/route/taxonomy.ts';

test("a term's slug keeps letters and digits of any script, folds accents and spells out signs", () => {
  assert.equal(termSlug('CI/CD'), 'ci-cd');
  assert.equal(termSlug('Test Data'), 'test-data');
  assert.equal(termSlug('Café'), 'cafe');
  assert.equal(termSlug('C++'), 'c-plus-plus');
  assert.equal(termSlug('C#'), 'c-sharp');
  assert.equal(termSlug('R&D'), 'r-and-d');
  assert.equal(termSlug('Тестирование'), 'тестирование');
  assert.equal(termSlug('テスト 自動化'), 'テスト-自動化');
  assert.equal(termSlug('  --AI--  '), 'ai');
  assert.equal(termSlug('!!!'), '');
});

const posts = [
  { slug: 'c', tags: ['AI', 'CI/CD'] },
  { slug: 'b', tags: ['QA', 'AI', 'AI'] },
  { slug: 'a', tags: ['QA'] },
];

test('collects each term in order of first use with its entries in the order given, a repeated name counted once', () => {
  const { terms, clashes } = collectTerms(posts, (post) => post.tags);
  assert.deepEqual(
    terms.map((term) => [term.name, term.slug, term.items.map((post) => post.slug)]),
    [
      ['AI', 'ai', ['c', 'b']],
      ['CI/CD', 'ci-cd', ['c']],
      ['QA', 'qa', ['b', 'a']],
    ],
  );
  assert.deepEqual(clashes, []);
});

test('reports names that would share a page, and a name with no page at all, with the first entry using each', () => {
  const entries = [...posts, { slug: 'd', tags: ['ci-cd', 'ai'] }, { slug: 'e', tags: ['???'] }];
  const { terms, clashes } = collectTerms(entries, (post) => post.tags);
  assert.deepEqual(
    clashes.map((clash) => [clash.slug, clash.names.map((n) => [n.name, n.first.slug])]),
    [
      [
        'ai',
        [
          ['AI', 'c'],
          ['ai', 'd'],
        ],
      ],
      [
        'ci-cd',
        [
          ['CI/CD', 'c'],
          ['ci-cd', 'd'],
        ],
      ],
      ['', [['???', 'e']]],
    ],
  );
  assert.deepEqual(
    terms.map((term) => term.name),
    ['QA'],
    'clashing names get no page',
  );
});
