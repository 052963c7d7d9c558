// Property-based tests: random front matter, JSON and bytes thrown at the loader. Whatever the
// input, loading returns or throws located SiteErrors (never anything else), in bounded time.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import fc from 'fast-check';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { loadContent, parseMarkdown } from '../../cli/load/load-content.ts';
import { parseJson } from '../../cli/load/load-json.ts';
import { fixtureContent } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';
import { hangBound } from '../helpers/hang-bound.ts';

/** Per case, a hang guard (tests/helpers/hang-bound.ts); real cases take a millisecond or less. */
const caseBound = hangBound / 4;
const runs = { numRuns: 150 };

/** Runs `work`; asserts it returns, or throws errors that are all SiteErrors naming a file, within the bound. */
function assertLocatedOrFine(work: () => unknown, expectedFile?: string): void {
  const started = performance.now();
  try {
    work();
  } catch (error) {
    const errors = error instanceof SiteErrorList ? error.errors : [error];
    for (const each of errors) {
      assert.ok(each instanceof SiteError, `not a SiteError: ${each}`);
      assert.ok(each.file, `no file: ${each.code} ${each.message}`);
      if (expectedFile) assert.equal(each.file, expectedFile);
    }
  }
  assert.ok(performance.now() - started < caseBound, `took ${Math.round(performance.now() - started)} ms`);
}

/** Pieces YAML is made of, so random text looks enough like YAML to reach deep into the parser. */
const yamlPieces = fc.constantFrom(
  '\n',
  '\n  ',
  '\n- ',
  ': ',
  'key',
  'title',
  '<<',
  '__proto__',
  'constructor',
  '&a ',
  '*a',
  '&b ',
  '*b',
  '!!js/function ',
  '!tag ',
  '!!binary ',
  '!!str ',
  '!<tag:yaml.org,2002:js/regexp> ',
  '[',
  ']',
  '{',
  '}',
  ', ',
  '"',
  "'",
  '\\',
  '#',
  '|',
  '>',
  '? ',
  '---',
  '...',
  '%YAML 1.2\n',
  '%TAG ! tag:x,\n',
  '\t',
  '~',
  '0x1F',
  '2024-02-30',
  '1e999',
  '.nan',
  'yes',
  '"\\u0000"',
  '\r\n',
  '\u2028',
  '\ufeff',
  '😀',
  'é',
);
const yamlText = fc.oneof(
  fc.string({ unit: yamlPieces, maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);
const fenceWord = fc.constantFrom('', 'yaml', 'js', 'json', ' javascript', 'YAML', 'coffee', '-', ' ');

test('random front matter gives a RawMarkdown or a located SiteError', () => {
  fc.assert(
    fc.property(fenceWord, yamlText, fc.string({ maxLength: 40 }), fc.boolean(), (word, yaml, body, closed) => {
      const source = `---${word}\n${yaml}${closed ? '\n---\n' : ''}${body}`;
      assertLocatedOrFine(() => parseMarkdown('post.md', source), 'post.md');
    }),
    runs,
  );
});

test('random JSON text, valid or broken, gives a dataset or a located SiteError', () => {
  const jsonText = fc.oneof(
    fc.json({ depthSize: 'large', maxDepth: 40 }),
    fc
      .tuple(fc.json(), fc.nat(), fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', 'x') }))
      .map(([text, at, noise]) => text.slice(0, at % (text.length + 1)) + noise + text.slice(at % (text.length + 1))),
    fc.nat({ max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  );
  fc.assert(
    fc.property(jsonText, (text) =>
      assertLocatedOrFine(() => parseJson('redirects', 'redirects.json', text), 'redirects.json'),
    ),
    runs,
  );
});

test('random bytes as a post, a dataset and a toolkit text give content or located SiteErrors', async () => {
  const { content, cleanup } = await fixtureContent();
  after(cleanup);
  const files = ['posts/first-post.md', 'data/redirects.json', 'toolkit/pom-readme.md'];
  await fc.assert(
    fc.asyncProperty(
      fc.uint8Array({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }),
      fc.uint8Array({ maxLength: 300 }),
      async (...contents) => {
        contents.forEach((bytes, i) => writeFileSync(path.join(content, files[i]!), bytes));
        const started = performance.now();
        try {
          await loadContent(content, realSite.definition.content);
        } catch (error) {
          assert.ok(error instanceof SiteErrorList, `not a SiteErrorList: ${error}`);
          for (const each of error.errors)
            assert.ok(each.file && files.includes(path.relative(content, each.file)), `${each.code} at ${each.file}`);
        }
        assert.ok(performance.now() - started < caseBound);
      },
    ),
    { numRuns: 100 },
  );
});
