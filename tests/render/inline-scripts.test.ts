import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { inlineScriptsOf, scriptHashSource } from '../../cli/render/inline-scripts.ts';

test('finds the scripts a browser runs and skips data blocks and external scripts', () => {
  const html = [
    "<head><script>document.documentElement.className='js'</script>",
    '<script type="module" src="/assets/site.js"></script>',
    '<script type="application/ld+json">{"@type":"Organization"}</script></head>',
    '<body><script type="application/json" data-island-props="island-0">{"a":1}</script>',
    '<script type="module">import("/x.js")</script><script>if(a<b){c()}</script></body>',
  ].join('');
  assert.deepEqual(inlineScriptsOf(html), [
    "document.documentElement.className='js'",
    'import("/x.js")',
    'if(a<b){c()}',
  ]);
});

test('hashes a script as CSP does: SHA-256 of its UTF-8 text, base64', () => {
  const text = "document.documentElement.className='js'";
  assert.equal(scriptHashSource(text), `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
});

test('an unterminated script tag ends the scan', () => {
  assert.deepEqual(inlineScriptsOf('<script>never closed'), []);
  assert.deepEqual(inlineScriptsOf('<script'), []);
});
