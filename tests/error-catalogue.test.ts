import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { errorCatalogue, type ErrorCode } from '../cli/error-catalogue.ts';
import { projectRoot } from './helpers/content.ts';

// The catalogue is the one list of codes: these tests keep it from drifting from the code that
// raises them, the engine's (cli/) and the site's (its definition, templates/ and client/). The
// type checker catches a misspelt code where a code is typed; this also catches one written
// where it is not, and an entry nothing raises any more.

const cliFolder = path.join(projectRoot, 'cli');
const catalogueFile = path.join(cliFolder, 'error-catalogue.ts');
/** The site's code: its definition and the folders it imports from. */
const siteSources = [path.join(projectRoot, 'sitegen.config.ts'), path.join(projectRoot, 'templates'), path.join(projectRoot, 'client')];
const codes = Object.keys(errorCatalogue) as ErrorCode[];
const areas = new Set(codes.map((code) => code.split('.')[0]));

function sourceFiles(folder: string): string[] {
  if (/\.(ts|tsx|js)$/.test(folder)) return [folder];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => file !== catalogueFile);
}

/** A file name such as 'render.js' has the shape of a code but is not one. */
const fileName = /\.(js|ts|tsx|json|jsonl|md|html|css|svg|xml|txt)$/;

/** Code-like strings in `sources`: `'area.problem'` in a known area, or any dotted string given as a `code`. */
function codesWritten(sources: string[] = [cliFolder, ...siteSources]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const [, value] of source.matchAll(/['"`]([a-z][a-z0-9-]*\.[a-z][a-z0-9-]*)['"`]/g)) {
      if (areas.has(value!.split('.')[0]!) && !fileName.test(value!)) found.set(value!, path.relative(projectRoot, file));
    }
    for (const [, value] of source.matchAll(/\b(?:code|type)\s*(?::|===|!==|=)\s*['"`]([a-z][\w-]*\.[\w.-]+)['"`]/g)) {
      found.set(value!, path.relative(projectRoot, file));
    }
  }
  return found;
}

test('every error code written in cli/ or in the site is in the catalogue', () => {
  const unknown = [...codesWritten()].filter(([code]) => !(code in errorCatalogue)).map(([code, file]) => `${code} (${file})`);
  assert.deepEqual(unknown, []);
});

test('every catalogue entry is raised somewhere in cli/ or in the site', () => {
  const written = codesWritten();
  assert.deepEqual(codes.filter((code) => !written.has(code)), []);
});

test('every code is area.problem in lowercase, with a title', () => {
  for (const code of codes) {
    assert.match(code, /^[a-z][a-z-]*\.[a-z][a-z-]*$/, code);
    assert.ok(errorCatalogue[code].title.length > 0, code);
  }
});
