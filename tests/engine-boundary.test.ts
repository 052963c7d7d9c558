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
// the other way round, and only through its public entry, `sitegen/site` (cli/site.ts).

const cliFolder = path.join(projectRoot, 'cli');
/** What the engine may not import: the site's folders and its definition. */
const siteParts = ['templates', 'client', 'server', 'content', 'sitegen.config.ts'].map((part) =>
  path.join(projectRoot, part),
);

/** Words that belong to the marketing site: its pages, its services, its captcha. */
const siteWords = 'toolkit|audience|recaptcha|pom-files|case-stud';

test('no file of the engine names the marketing site', () => {
  let found = '';
  try {
    // Untracked files too: a new file of the engine counts before it is committed.
    found = execFileSync('git', ['grep', '--untracked', '-niE', siteWords, '--', 'cli'], {
      cwd: projectRoot,
      encoding: 'utf8',
    });
  } catch (error) {
    // git grep exits with 1 when nothing matches; anything else is a failure to search.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  assert.equal(found, '');
});

/** The site parts `file` imports, as `file → specifier`; package imports are not the site's. */
function siteImportsOf(file: string, source: string): string[] {
  return specifiersOf(source)
    .filter((specifier) => {
      if (!specifier.startsWith('.') && !path.isAbsolute(specifier) && !specifier.startsWith('file:')) return false;
      const target = specifier.startsWith('file:')
        ? new URL(specifier).pathname
        : path.resolve(path.dirname(file), specifier);
      return siteParts.some(
        (part) =>
          target === part ||
          target.startsWith(`${part}${path.sep}`) ||
          target.startsWith(`${part.replace(/\.ts$/, '')}.`),
      );
    })
    .map((specifier) => `${path.relative(projectRoot, file)} → ${specifier}`);
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
    'const text = "import { no } from \'../../templates/string.ts\'";',
    "import { fine } from '../load/load-content.ts';",
    "import { z } from 'zod';",
    "import { templatesLookAlike } from '../templates-engine/x.ts';",
  ].join('\n');
  assert.deepEqual(
    siteImportsOf(file, source).map((line) => line.split(' → ')[1]),
    [
      '../../templates/pages/index.tsx',
      '../../templates/site/model.ts',
      '../../client/islands/index.ts',
      '../../content/data/site.json',
      '../../sitegen.config.ts',
      '../../templates/x.js',
    ],
  );
});

/** Every site's sources: the marketing site's definition, pages, islands and server code, the engine tests' sites and the starter. */
const siteSources = ['sitegen.config.ts', 'templates', 'client', 'server', path.join('tests', 'sites'), 'starter'].map(
  (part) => path.join(projectRoot, part),
);

/** The engine modules `file` imports other than through `sitegen/site`, as `file → specifier`. */
function engineImportsOf(file: string, source: string): string[] {
  return specifiersOf(source)
    .filter((specifier) => {
      if (specifier === 'sitegen' || specifier.startsWith('sitegen/')) return specifier !== 'sitegen/site';
      if (!specifier.startsWith('.') && !path.isAbsolute(specifier) && !specifier.startsWith('file:')) return false;
      const target = specifier.startsWith('file:')
        ? new URL(specifier).pathname
        : path.resolve(path.dirname(file), specifier);
      return target === cliFolder || target.startsWith(`${cliFolder}${path.sep}`);
    })
    .map((specifier) => `${path.relative(projectRoot, file)} → ${specifier}`);
}

test('reads every way a site could reach the engine besides its public entry', () => {
  const file = path.join(projectRoot, 'templates', 'site', 'example.ts');
  const source = [
    "import { defineSite, type RenderContext } from 'sitegen/site';",
    "import type { Route } from '../../cli/route/routes.ts';",
    "export { paginate } from '../../cli/route/paginate.ts';",
    "const late = await import('../../cli/errors.ts');",
    "import { lib } from 'sitegen/lib/index.js';",
    "import { whole } from 'sitegen';",
    "import { fine } from './urls.ts';",
    "import { z } from 'zod';",
    "import { cliLookAlike } from '../../client/cli.ts';",
  ].join('\n');
  assert.deepEqual(
    engineImportsOf(file, source).map((line) => line.split(' → ')[1]),
    [
      '../../cli/route/routes.ts',
      '../../cli/route/paginate.ts',
      '../../cli/errors.ts',
      'sitegen/lib/index.js',
      'sitegen',
    ],
  );
});

test('the sites import the engine only through sitegen/site', () => {
  const files = siteSources.flatMap((part) => (part.endsWith('.ts') ? [part] : typeScriptSources(part)));
  assert.ok(
    files.some((file) => specifiersOf(readFileSync(file, 'utf8')).includes('sitegen/site')),
    'the public entry is imported',
  );
  assert.deepEqual(
    files.flatMap((file) => engineImportsOf(file, readFileSync(file, 'utf8'))),
    [],
  );
});

test('no file under cli/ imports from templates/, client/, content/ or the site definition', () => {
  const files = typeScriptSources(cliFolder);
  assert.ok(files.length > 50, `the engine's sources are found (${files.length})`);
  assert.ok(files.some((file) => file.endsWith(path.join('pipeline', 'build-site.ts'))));
  assert.ok(
    specifiersOf(readFileSync(path.join(cliFolder, 'pipeline', 'build-site.ts'), 'utf8')).includes('../cache/cache.ts'),
    'imports are read',
  );
  const crossing = files.flatMap((file) => siteImportsOf(file, readFileSync(file, 'utf8')));
  assert.deepEqual(crossing, []);
});
