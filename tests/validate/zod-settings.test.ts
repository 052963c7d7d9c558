import assert from 'node:assert/strict';
import { test } from 'node:test';
import { z } from 'zod';
import '../../cli/site-model/schemas.ts';

// A build parses each schema a few times: compiling a parser per object schema costs more than
// it saves (cli/site-model/zod-settings.ts has the figures).

test('the site model’s schemas are made with zod’s interpreted parsers, not compiled ones', () => {
  assert.equal(z.config().jitless, true);
});
