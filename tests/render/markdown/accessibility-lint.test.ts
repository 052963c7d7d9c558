// The accessibility checks of what an author writes in a body: each rule has a fixture that
// triggers it (tests/fixtures/accessibility/<rule>.md), found at its line and column, and a clean
// one that does not. A body is rendered as a build renders it (renderMarkdown, with the line its
// body starts on in its file), then the two rules each build applies itself: the site's embeds
// (a video without a title) and its language (text in another script without `lang`).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { applyLanguageRule } from '../../../cli/render/markdown/accessibility-lint.ts';
import { applyEmbedRule } from '../../../cli/render/markdown/markdown-embeds.ts';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';
import { projectRoot } from '../../helpers/content.ts';

const fixtures = path.join(projectRoot, 'tests', 'fixtures', 'accessibility');
/** The line the body starts on in its file: every finding is placed in the file, not the body. */
const bodyLine = 5;

/** Every warning of a fixture as `line:column code`, in the order of the file. */
async function findingsOf(name: string, language = 'en'): Promise<string[]> {
  const rendered = await renderMarkdown(await readFile(path.join(fixtures, name), 'utf8'), bodyLine);
  const { body, warnings } = applyEmbedRule(rendered, {
    accepts: (src) => src.startsWith('https://video.example/'),
    description: 'videos from video.example',
  });
  return [...(body.warnings ?? []), ...warnings, ...applyLanguageRule(body.foreignText, language)]
    .sort((a, b) => a.line - b.line || a.column - b.column)
    .map((warning) => `${warning.line}:${warning.column} ${warning.code}`);
}

const rules: { rule: string; found: string[] }[] = [
  { rule: 'heading-level-one', found: ['7:1 accessibility.heading-level-one'] },
  { rule: 'heading-skipped', found: ['9:1 accessibility.heading-skipped', '13:1 accessibility.heading-skipped'] },
  {
    rule: 'link-text',
    found: [
      '5:15 accessibility.link-text',
      '7:15 accessibility.link-text',
      '7:45 accessibility.link-text',
      '9:5 accessibility.link-text',
      '9:56 accessibility.link-text',
    ],
  },
  {
    rule: 'image-alt',
    found: [
      '5:15 accessibility.image-alt',
      '7:10 accessibility.image-alt',
      '7:58 accessibility.image-alt',
      '9:1 accessibility.image-alt',
    ],
  },
  { rule: 'table-header', found: ['5:1 accessibility.table-header', '9:1 accessibility.table-header'] },
  { rule: 'click-handler', found: ['7:1 accessibility.click-handler', '9:3 accessibility.click-handler'] },
  // Reported once, by the sanitizer that removes it, with how to fix it.
  { rule: 'positive-tabindex', found: ['7:1 markdown.html-removed'] },
  { rule: 'embed-title', found: ['7:1 accessibility.embed-title'] },
  {
    rule: 'language',
    found: ['5:23 accessibility.language', '7:13 accessibility.language', '9:1 accessibility.language'],
  },
];

for (const { rule, found } of rules) {
  test(`${rule}: the fixture is found at its line and column, and the clean one is not`, async () => {
    assert.deepEqual(await findingsOf(`${rule}.md`), found);
    assert.deepEqual(await findingsOf(`${rule}.clean.md`), []);
  });
}

test('every finding says how to fix it', async () => {
  for (const { rule } of rules) {
    const rendered = await renderMarkdown(await readFile(path.join(fixtures, `${rule}.md`), 'utf8'));
    const { body, warnings } = applyEmbedRule(rendered, { accepts: () => true, description: 'every video' });
    for (const warning of [...(body.warnings ?? []), ...warnings, ...applyLanguageRule(body.foreignText, 'en')]) {
      assert.ok(warning.hint && warning.hint.length > 20, `${rule}: ${warning.message} has a hint`);
    }
  }
});

test('text in a script the site writes in is no finding: Cyrillic on a Ukrainian site, only the Greek and the Japanese', async () => {
  assert.deepEqual(await findingsOf('language.md', 'uk'), [
    '7:13 accessibility.language',
    '9:1 accessibility.language',
  ]);
  assert.deepEqual(await findingsOf('language.md', 'ja-JP'), [
    '5:23 accessibility.language',
    '7:13 accessibility.language',
  ]);
  // A site that says no language has the rule off.
  assert.deepEqual(applyLanguageRule((await renderMarkdown('Привіт, світе!\n')).foreignText, undefined), []);
});

test('an embed the site does not show is removed with one warning, not also a finding for its title', async () => {
  const rendered = await renderMarkdown(await readFile(path.join(fixtures, 'embed-title.md'), 'utf8'), bodyLine);
  const { warnings } = applyEmbedRule(rendered, { accepts: () => false, description: 'no videos' });
  assert.deepEqual(
    warnings.map((warning) => `${warning.line}:${warning.column} ${warning.code}`),
    ['7:1 markdown.html-removed'],
  );
});

test("a click handler on a link is the sanitizer's warning alone: a link is reached by the keyboard", async () => {
  const body = await renderMarkdown('<a href="/" onclick="x()">Home page</a>\n');
  assert.deepEqual(
    body.warnings?.map((warning) => warning.code),
    ['markdown.html-removed'],
  );
});
