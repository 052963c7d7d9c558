import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RunMemory } from '../../cli/cache/run-memory.ts';

// What dev keeps between runs: what the last run used, by key, and nothing older.

test('a value kept in one run is found in the next', () => {
  const memory = new RunMemory<string>();
  memory.set('a', 'page a');
  assert.equal(memory.get('a'), 'page a', 'found in the run that kept it');
  memory.endRun();
  assert.equal(memory.get('a'), 'page a');
  assert.equal(memory.get('b'), undefined);
});

test('a value no run asked for is let go after the run that skipped it', () => {
  const memory = new RunMemory<string>();
  memory.set('old', 'page before the edit');
  memory.set('kept', 'page unchanged');
  memory.endRun();
  // This run asks for one of the two, and keeps a new one.
  assert.equal(memory.get('kept'), 'page unchanged');
  memory.set('new', 'page after the edit');
  memory.endRun();
  assert.equal(memory.get('old'), undefined);
  assert.equal(memory.get('kept'), 'page unchanged');
  assert.equal(memory.get('new'), 'page after the edit');
});
