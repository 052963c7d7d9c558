import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { legalPlaceholderProblems } from '../../templates/site/legal-placeholders.ts';
import { projectRoot } from '../helpers/content.ts';
import { contentRoot } from '../helpers/site-model.ts';
import { realSite } from '../helpers/real-site.ts';

const loaded = await loadStep(realSite, projectRoot, contentRoot);
const legal = loaded.raw.collections.legal!;

test("the repository's legal pages use only placeholders the site config fills", () => {
  assert.ok(legal.length === 2);
  assert.deepEqual(
    legalPlaceholderProblems(validateContent(loaded.raw, realSite.definition.content).collections.legal!),
    [],
  );
  assert.doesNotThrow(() => validateStep(loaded, {}));
});

test('a placeholder the config does not fill fails validation at its line and column, with every one reported', () => {
  const terms = legal.find((page) => page.frontMatter.slug === 'terms')!;
  const written = ['our website at {{ site.url }}', '- **By email:** {{contact.phone}}'];
  const body = terms.body
    .replace('our website at {{siteUrl}}', written[0]!)
    .replace('- **By email:** {{contact.email}}', written[1]!);
  const edited = {
    ...loaded,
    raw: {
      ...loaded.raw,
      collections: {
        ...loaded.raw.collections,
        legal: legal.map((page) => (page === terms ? { ...terms, body } : page)),
      },
    },
  };
  /** Where an author finds `text` in the edited file: the line of the body plus the body's first line. */
  const positionOf = (text: string) => {
    const lines = body.split('\n');
    const index = lines.findIndex((line) => line.includes(text));
    return { line: terms.bodyLine + index, column: lines[index]!.indexOf(text) + text.indexOf('{{') + 1 };
  };
  const fileLine = terms.source.split('\n').findIndex((line) => line.includes('our website at {{siteUrl}}')) + 1;
  assert.equal(positionOf(written[0]!).line, fileLine, 'lines count from the top of the file, front matter included');
  assert.throws(
    () => validateStep(edited, {}),
    (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(
        error.errors.map((e) => ({ code: e.code, file: e.file, line: e.line, column: e.column })),
        [
          { code: 'content.unknown-placeholder', file: terms.file, ...positionOf(written[0]!) },
          { code: 'content.unknown-placeholder', file: terms.file, ...positionOf(written[1]!) },
        ],
      );
      assert.match(error.errors[0]!.message, /^\{\{site\.url\}\} is not a placeholder/);
      assert.match(error.errors[1]!.message, /^\{\{contact\.phone\}\} is not a placeholder/);
      assert.match(error.errors[0]!.hint!, /\{\{siteUrl\}\}, \{\{contact\.email\}\}, \{\{contact\.postalAddress\}\}/);
      return true;
    },
  );
});
