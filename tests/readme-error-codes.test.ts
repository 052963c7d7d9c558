import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { errorCatalogue } from '../cli/error-catalogue.ts';
import { projectRoot } from './helpers/content.ts';

test("the README's error-code table lists every code of the catalogue, and only those", async () => {
  const readme = await readFile(path.join(projectRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('## Error codes');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const listed = [...section.matchAll(/^\| `([a-z-]+\.[a-z-]+)` \|/gm)].map((match) => match[1]).sort();
  assert.deepEqual(listed, Object.keys(errorCatalogue).sort());
});
