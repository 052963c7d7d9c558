import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PhaseTimer } from '../../cli/pipeline/phase-timer.ts';

/** Keeps the thread busy for `ms`, as a step's synchronous work does before its first wait. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

test('a phase counts the work its step does before its first wait, not only the wait', async () => {
  const timer = new PhaseTimer();
  await timer.time('render', async () => {
    busy(60);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  assert.ok(timer.timings().render >= 65, `render: ${timer.timings().render} ms`);
});

test('waiting for work started earlier counts only the wait', async () => {
  const timer = new PhaseTimer();
  const started = new Promise((resolve) => setTimeout(resolve, 30));
  busy(60);
  await timer.wait('images', started);
  assert.ok(timer.timings().images < 30, `images: ${timer.timings().images} ms`);
});
