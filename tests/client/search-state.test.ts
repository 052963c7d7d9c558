import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  addressFromSearch,
  emptySearch,
  excerptParts,
  markQueryWords,
  pagefindFilters,
  searchFromAddress,
} from '../../client/islands/search-state.ts';

test("an excerpt becomes text runs split at Pagefind's marks, whatever markup the page's text spells out", () => {
  assert.deepEqual(excerptParts('Use <mark>Playwright</mark> with &lt;img src=x onerror=alert(1)&gt; &amp; a && b'), [
    { text: 'Use ', marked: false },
    { text: 'Playwright', marked: true },
    { text: ' with <img src=x onerror=alert(1)> & a && b', marked: false },
  ]);
  assert.deepEqual(excerptParts('&lt;mark&gt;not a mark&lt;/mark&gt;'), [
    { text: '<mark>not a mark</mark>', marked: false },
  ]);
  assert.deepEqual(excerptParts(''), []);
});

test('the words of a summary that start with a word of the query are marked', () => {
  assert.deepEqual(markQueryWords('Releases, unpredictable: gates.', 'UNPREDICT gate'), [
    { text: 'Releases, ', marked: false },
    { text: 'unpredictable', marked: true },
    { text: ': ', marked: false },
    { text: 'gates', marked: true },
    { text: '.', marked: false },
  ]);
  assert.deepEqual(markQueryWords('nothing here', 'zeppelin'), [{ text: 'nothing here', marked: false }]);
});

test('a search goes to the address and back, keeping other parameters, and only chosen filters reach Pagefind', () => {
  const state = { query: 'page objects', section: 'Guides', tag: 'CI/CD', category: null };
  const address = addressFromSearch('?utm=x', state);
  assert.equal(address, '?utm=x&q=page+objects&section=Guides&tag=CI%2FCD');
  assert.deepEqual(searchFromAddress(address), state);
  assert.equal(addressFromSearch('?q=old&tag=AI', emptySearch), '');
  assert.deepEqual(pagefindFilters(state), { section: 'Guides', tag: 'CI/CD' });
  assert.equal(
    searchFromAddress(`?q=${'a'.repeat(500)}`).query.length,
    200,
    "a query from the address is cut to the field's length",
  );
});
