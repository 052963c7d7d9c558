import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { errorCatalogue, type ErrorCode } from '../cli/error-catalogue.ts';
import site from '../sitegen.config.ts';
import { projectRoot } from './helpers/content.ts';

// The catalogue is the one list of codes: the engine's (cli/error-catalogue.ts) and the site's
// own (`errors` in its definition). These tests keep each from drifting from the code that raises
// them, the engine's (cli/) and the site's (its definition, templates/ and client/). The
// type checker catches a misspelt code where a code is typed; this also catches one written
// where it is not, and an entry its side never raises.

const cliFolder = path.join(projectRoot, 'cli');
/** The catalogues themselves, which name every code without raising it. */
const catalogueFiles = [
  path.join(cliFolder, 'error-catalogue.ts'),
  path.join(projectRoot, 'templates', 'site', 'errors.ts'),
];
/** The site's code: its definition and the folders it imports from. */
const siteSources = ['sitegen.config.ts', 'templates', 'client'].map((part) => path.join(projectRoot, part));
const siteCodes = Object.keys(site.errors ?? {});
const codes = Object.keys(errorCatalogue) as ErrorCode[];
const areas = new Set([...codes, ...siteCodes].map((code) => code.split('.')[0]));

function sourceFiles(folder: string): string[] {
  if (/\.(ts|tsx|js)$/.test(folder)) return [folder];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !catalogueFiles.includes(file));
}

/** A file name such as 'render.js' has the shape of a code but is not one. */
const fileName = /\.(js|ts|tsx|json|jsonl|md|html|css|svg|xml|txt)$/;

/** Code-like strings in `sources`: `'area.problem'` in a known area, or any dotted string given as a `code`. */
function codesWritten(sources: string[] = [cliFolder, ...siteSources]): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources.flatMap(sourceFiles)) {
    const source = readFileSync(file, 'utf8');
    for (const [, value] of source.matchAll(/['"`]([a-z][a-z0-9-]*\.[a-z][a-z0-9-]*)['"`]/g)) {
      if (areas.has(value!.split('.')[0]!) && !fileName.test(value!))
        found.set(value!, path.relative(projectRoot, file));
    }
    for (const [, value] of source.matchAll(/\b(?:code|type)\s*(?::|===|!==|=)\s*['"`]([a-z][\w-]*\.[\w.-]+)['"`]/g)) {
      found.set(value!, path.relative(projectRoot, file));
    }
  }
  return found;
}

test("every error code written in cli/ is in the engine's catalogue", () => {
  const unknown = [...codesWritten([cliFolder])]
    .filter(([code]) => !(code in errorCatalogue))
    .map(([code, file]) => `${code} (${file})`);
  assert.deepEqual(unknown, []);
});

test("every error code written in the site is in the engine's catalogue or the site's", () => {
  const unknown = [...codesWritten(siteSources)].filter(
    ([code]) => !(code in errorCatalogue) && !siteCodes.includes(code),
  );
  assert.deepEqual(
    unknown.map(([code, file]) => `${code} (${file})`),
    [],
  );
});

test("the engine's catalogue holds only codes the engine raises, the site's only codes the site raises", () => {
  const [byEngine, bySite] = [codesWritten([cliFolder]), codesWritten(siteSources)];
  assert.deepEqual(
    codes.filter((code) => !byEngine.has(code)),
    [],
    'engine codes cli/ never raises',
  );
  assert.ok(siteCodes.length > 0, 'the site declares codes of its own');
  assert.deepEqual(
    siteCodes.filter((code) => !bySite.has(code)),
    [],
    'site codes the site never raises',
  );
  assert.deepEqual(
    siteCodes.filter((code) => code in errorCatalogue),
    [],
    "site codes that are the engine's",
  );
});

test('every code is area.problem in lowercase, with a title', () => {
  for (const code of codes) {
    assert.match(code, /^[a-z][a-z-]*\.[a-z][a-z-]*$/, code);
    assert.ok(errorCatalogue[code].title.length > 0, code);
  }
  for (const code of siteCodes) {
    assert.match(code, /^[a-z][a-z-]*\.[a-z][a-z-]*$/, code);
    assert.ok(site.errors![code]!.title.length > 0, code);
  }
});
