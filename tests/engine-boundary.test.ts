import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { projectRoot } from './helpers/content.ts';
import { specifiersOf, typeScriptSources } from './helpers/imports.ts';

// The engine (cli/) knows nothing of the marketing site: it never names it, and it imports
// nothing from the site's templates, islands or content, nor its definition (the CLI loads a
// site's definition at run time, cli/config/load-site.ts). The site imports the engine, never
// the other way round.

const cliFolder = path.join(projectRoot, 'cli');
/** What the engine may not import: the site's folders and its definition. */
const siteParts = ['templates', 'client', 'server', 'content', 'sitegen.config.ts'].map((part) => path.join(projectRoot, part));

/** Words that belong to the marketing site: its pages, its services, its captcha. */
const siteWords = 'toolkit|audience|recaptcha|pom-files|case-stud';

test('no file of the engine names the marketing site', () => {
  let found = '';
  try {
    // Untracked files too: a new file of the engine counts before it is committed.
    found = execFileSync('git', ['grep', '--untracked', '-niE', siteWords, '--', 'cli'], { cwd: projectRoot, encoding: 'utf8' });
  } catch (error) {
    // git grep exits with 1 when nothing matches; anything else is a failure to search.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  assert.equal(found, '');
});

/** The site parts `file` imports, as `file → specifier`; package imports are not the site's. */
function siteImportsOf(file: string, source: string): string[] {
  return specifiersOf(source).filter((specifier) => {
    if (!specifier.startsWith('.') && !path.isAbsolute(specifier) && !specifier.startsWith('file:')) return false;
    const target = specifier.startsWith('file:') ? new URL(specifier).pathname : path.resolve(path.dirname(file), specifier);
    return siteParts.some((part) => target === part || target.startsWith(`${part}${path.sep}`) || target.startsWith(`${part.replace(/\.ts$/, '')}.`));
  }).map((specifier) => `${path.relative(projectRoot, file)} → ${specifier}`);
}

test('reads every kind of import: static, type-only, re-exports, side effects, dynamic and require', () => {
  const file = path.join(cliFolder, 'render', 'example.ts');
  const source = [
    "import { a } from '../../templates/pages/index.tsx';",
    "import type { B } from '../../templates/site/model.ts';",
    "export { c } from '../../client/islands/index.ts';",
    "import '../../content/data/site.json';",
    "const d = await import('../../sitegen.config.ts');",
    "const e = require('../../templates/x.js');",
    "// import { no } from '../../templates/comment.ts';",
    "const text = \"import { no } from '../../templates/string.ts'\";",
    "import { fine } from '../load/load-content.ts';",
    "import { z } from 'zod';",
    "import { templatesLookAlike } from '../templates-engine/x.ts';",
  ].join('\n');
  assert.deepEqual(siteImportsOf(file, source).map((line) => line.split(' → ')[1]), [
    '../../templates/pages/index.tsx', '../../templates/site/model.ts', '../../client/islands/index.ts',
    '../../content/data/site.json', '../../sitegen.config.ts', '../../templates/x.js',
  ]);
});

test('no file under cli/ imports from templates/, client/, content/ or the site definition', () => {
  const files = typeScriptSources(cliFolder);
  assert.ok(files.length > 50, `the engine's sources are found (${files.length})`);
  assert.ok(files.some((file) => file.endsWith(path.join('pipeline', 'build-site.ts'))));
  assert.ok(specifiersOf(readFileSync(path.join(cliFolder, 'pipeline', 'build-site.ts'), 'utf8')).includes('../cache/cache.ts'), 'imports are read');
  const crossing = files.flatMap((file) => siteImportsOf(file, readFileSync(file, 'utf8')));
  assert.deepEqual(crossing, []);
});
