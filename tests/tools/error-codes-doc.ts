// Writes docs/errors.md from the error catalogue: every code of the engine (cli/error-catalogue.ts),
// then the site's own (`errors` in sitegen.config.ts) under the site's name, each with its title
// and its hint where the catalogue gives a fixed one. `npm run docs:errors` runs it;
// tests/docs-error-codes.test.ts fails when docs/errors.md is not what it would write.
//   node --import tsx tests/tools/error-codes-doc.ts
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCatalogue, type ErrorData } from '../../cli/error-catalogue.ts';
import site from '../../sitegen.config.ts';

/** Where the page is written, relative to the project root. */
export const errorCodesDocFile = 'docs/errors.md';

/** Text fit for one cell of a Markdown table: no line breaks, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/** Where the problems of each area are explained; an area not listed here gets no line. */
const areaPages: Record<string, string> = {
  build: '[the CLI reference](cli.md)',
  config: '[deploying](deploying.md) (production builds) and [security](security.md)',
  content: '[writing content](writing-content.md) and [security](security.md) (limits)',
  image: '[writing content](writing-content.md) (images)',
  links: '[the link checker](link-checker.md)',
  markdown: '[security](security.md) (Markdown)',
  'new-post': '[the CLI reference](cli.md) and [writing content](writing-content.md)',
  output: '[security](security.md) (the output folder)',
  'share-card': '[writing content](writing-content.md) (share cards)',
};

/** A table of codes, one row per code in alphabetical order. */
function codeTable(catalogue: Readonly<Record<string, ErrorData>>): string[] {
  const rows = Object.keys(catalogue)
    .sort()
    .map((code) => {
      const entry = catalogue[code]!;
      const hint = typeof entry.hint === 'string' ? cell(entry.hint) : '';
      return `| \`${code}\` | ${cell(entry.title)} | ${hint} |`;
    });
  return ['| code | title | hint |', '| --- | --- | --- |', ...rows];
}

/** The page docs/errors.md holds: an introduction, the engine's codes, then the site's. */
export function errorCodesDoc(): string {
  const siteCodes = site.errors ?? {};
  const codes = [...Object.keys(errorCatalogue), ...Object.keys(siteCodes)];
  const areas = [...new Set(codes.map((code) => code.slice(0, code.indexOf('.'))))].sort();
  const explained = areas.filter((area) => areaPages[area]).map((area) => `- \`${area}.*\`: ${areaPages[area]}`);
  return [
    '# Error codes',
    '',
    "<!-- Generated from cli/error-catalogue.ts and the site's definition by `npm run docs:errors`: edit the catalogue, then run it. -->",
    '',
    'Every problem sitegen reports carries a code. The CLI prints problems grouped by file, one',
    '`path:line:col  message  [code]` row each, with `hint: …` under a row when there is one, then a count;',
    '`check-links --format json` gives the code as `code`. Codes are never renamed; a new problem gets a new',
    'code. A hint that depends on the problem (it names the file or the field) is printed with the message',
    'and is left out here.',
    '',
    'Exit codes: 0 success, 1 a problem in the site (content, templates, links), 2 a usage error',
    '(an unknown option, a missing folder, an `--out` folder the build must not replace).',
    '',
    'Where the problems of each area are explained:',
    '',
    ...explained,
    '',
    '## The engine',
    '',
    'The codes of `sitegen` itself, whatever the site (`cli/error-catalogue.ts`).',
    '',
    ...codeTable(errorCatalogue),
    '',
    `## ${site.name ?? 'The site'}`,
    '',
    'The codes only this site raises, declared in its definition (`errors` in `sitegen.config.ts`).',
    '',
    ...codeTable(siteCodes),
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  writeFileSync(path.join(root, errorCodesDocFile), errorCodesDoc());
  console.log(
    `wrote ${errorCodesDocFile} (${Object.keys(errorCatalogue).length} codes of the engine, ${Object.keys(site.errors ?? {}).length} of the site)`,
  );
}
