import assert from 'node:assert/strict';
import { test } from 'node:test';
import { draftStore } from '../../client/forms/session-draft.ts';

/** An in-memory Storage; `failWrites` makes setItem throw as a full storage does. */
function memoryStorage(failWrites = false): Storage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => {
      if (failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      entries.set(key, value);
    },
  };
}

const fields = ['name', 'email'];

test('a draft is saved under its key, loaded back and cleared', () => {
  const storage = memoryStorage();
  const store = draftStore('k', () => storage);
  store.save({ values: { name: 'Ada', email: 'ada@example.com' } });
  assert.deepEqual([...storage.entries.keys()], ['k']);
  assert.deepEqual(store.load(fields), { values: { name: 'Ada', email: 'ada@example.com' } });
  store.clear();
  assert.equal(storage.entries.size, 0);
  assert.deepEqual(store.load(fields), { values: {} });
});

test('no storage, or storage that throws on access, leaves an empty draft and no error', () => {
  const missing = draftStore('k', () => undefined);
  assert.deepEqual(missing.load(fields), { values: {} });
  missing.save({ values: { name: 'Ada' } });
  missing.clear();
  const blocked = draftStore('k', () => {
    throw new DOMException('The operation is insecure.', 'SecurityError');
  });
  assert.deepEqual(blocked.load(fields), { values: {} });
  assert.doesNotThrow(() => blocked.save({ values: { name: 'Ada' } }));
  assert.doesNotThrow(() => blocked.clear());
});

test('a draft that cannot be written removes the older one instead of leaving stale values', () => {
  const storage = memoryStorage(true);
  storage.entries.set('k', JSON.stringify({ values: { name: 'Old' } }));
  const store = draftStore('k', () => storage);
  assert.doesNotThrow(() => store.save({ values: { name: 'New' } }));
  assert.equal(storage.entries.has('k'), false);
});

test('a draft too large to store removes the older one', () => {
  const storage = memoryStorage();
  const store = draftStore('k', () => storage);
  store.save({ values: { name: 'Old' } });
  store.save({ values: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, 'x'.repeat(8_000)])) });
  assert.equal(storage.entries.has('k'), false);
});
