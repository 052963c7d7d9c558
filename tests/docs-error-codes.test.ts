import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { errorCatalogue } from '../cli/error-catalogue.ts';
import site from '../sitegen.config.ts';
import { projectRoot } from './helpers/content.ts';
import { errorCodesDoc, errorCodesDocFile } from './tools/error-codes-doc.ts';

// docs/errors.md is generated from the catalogue, the engine's and the site's: a code added,
// renamed or retitled without running `npm run docs:errors` fails here.

const written = await readFile(path.join(projectRoot, errorCodesDocFile), 'utf8');

test('docs/errors.md is exactly what `npm run docs:errors` writes from the catalogue', () => {
  assert.ok(
    written === errorCodesDoc(),
    `${errorCodesDocFile} is out of date: run npm run docs:errors and commit the result`,
  );
});

test("docs/errors.md lists every code of the engine's catalogue and the site's, once each, and only those", () => {
  const listed = [...written.matchAll(/^\| `([a-z-]+\.[a-z-]+)` \|/gm)].map((match) => match[1]).sort();
  assert.deepEqual(listed, [...Object.keys(errorCatalogue), ...Object.keys(site.errors ?? {})].sort());
});
