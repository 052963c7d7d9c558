import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';

// Shiki leaves the rest of a line plain once tokenizing it takes longer than its time limit
// (500 ms by default), so the same block came out coloured or plain depending on machine load.
test('highlights a line whose tokenizing takes longer than half a second to its end, whatever the load', async () => {
  const terms = 40_000;
  const line = Array.from({ length: terms }, (_, i) => `x${i}`).join(' + ');
  const { html } = await renderMarkdown('```ts\nconst total = ' + line + ';\n```\n');
  const coloured = html.match(/<span style="color:/g)?.length ?? 0;
  // Each term and each operator is a token of its own once the whole line is tokenized.
  assert.ok(coloured >= 2 * terms, `only ${coloured} coloured tokens for ${terms} terms: tokenizing stopped early`);
});
