import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { loadInputs } from '../../cli/build/load-inputs.ts';
import { validateSite } from '../../cli/build/validate-site.ts';
import { SiteErrorList } from '../../cli/errors.ts';
import { checkLegalPlaceholders } from '../../cli/validate/legal-placeholders.ts';
import { projectRoot } from '../helpers/content.ts';

const loaded = await loadInputs(projectRoot, path.join(projectRoot, 'content'));

test("the repository's legal pages use only placeholders the site config fills", () => {
  assert.ok(loaded.raw.legal.length === 2);
  assert.doesNotThrow(() => checkLegalPlaceholders(loaded.raw.legal));
});

test('a placeholder the config does not fill fails validation at its line and column, with every one reported', () => {
  const terms = loaded.raw.legal.find((page) => page.frontMatter.slug === 'terms')!;
  const written = ['our website at {{ site.url }}', '- **By email:** {{contact.phone}}'];
  const body = terms.body.replace('our website at {{siteUrl}}', written[0]!).replace('- **By email:** {{contact.email}}', written[1]!);
  const edited = { ...loaded, raw: { ...loaded.raw, legal: loaded.raw.legal.map((page) => (page === terms ? { ...terms, body } : page)) } };
  /** Where an author finds `text` in the edited file: the line of the body plus the body's first line. */
  const positionOf = (text: string) => {
    const lines = body.split('\n');
    const index = lines.findIndex((line) => line.includes(text));
    return { line: terms.bodyLine + index, column: lines[index]!.indexOf(text) + text.indexOf('{{') + 1 };
  };
  const fileLine = terms.source.split('\n').findIndex((line) => line.includes('our website at {{siteUrl}}')) + 1;
  assert.equal(positionOf(written[0]!).line, fileLine, 'lines count from the top of the file, front matter included');
  assert.throws(() => validateSite(edited, {}), (error) => {
    assert.ok(error instanceof SiteErrorList);
    assert.deepEqual(error.errors.map((e) => ({ code: e.code, file: e.file, line: e.line, column: e.column })), [
      { code: 'content.unknown-placeholder', file: terms.file, ...positionOf(written[0]!) },
      { code: 'content.unknown-placeholder', file: terms.file, ...positionOf(written[1]!) },
    ]);
    assert.match(error.errors[0]!.message, /^\{\{site\.url\}\} is not a placeholder/);
    assert.match(error.errors[1]!.message, /^\{\{contact\.phone\}\} is not a placeholder/);
    assert.match(error.errors[0]!.hint!, /\{\{siteUrl\}\}, \{\{contact\.email\}\}, \{\{contact\.postalAddress\}\}/);
    return true;
  });
});
