// Tags and categories are bounded, so one contributed post (or two hundred) cannot make a build
// write millions of links or run out of memory: a post with more tags than a post may carry, and
// the tag that takes a blog past the terms a site may have, are errors at their front matter.
// The defaults admit 50 tags a post and 10,000 terms a site; a site changes them in its definition.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import type { ModelOptions } from '../../cli/config/site-definition.ts';
import { collectSiteErrors } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { collectTerms, defaultTermLimits, mostUsedTerms } from '../../cli/route/taxonomy.ts';
import { validateContent } from '../../cli/validate/validate-content.ts';
import { copyContent } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';
import { loadedSite, tinyRoot, tinySite } from '../helpers/sites.ts';
import { replacePostsWithSynthetic } from '../helpers/synthetic-posts.ts';

test('the defaults admit 50 tags a post and 10,000 terms a site', () => {
  assert.deepEqual({ ...defaultTermLimits }, { perEntry: 50, perSite: 10_000 });
});

test('an entry past perEntry, and the first term past perSite, are reported; nothing past them is collected', () => {
  const entries = [
    { slug: 'a', tags: ['x', 'y', 'z'] },
    { slug: 'b', tags: ['x', 'y', 'z', 'w'] },
    { slug: 'c', tags: ['v', 'u'] },
    { slug: 'd', tags: ['t'] },
  ];
  const { terms, overflows } = collectTerms(entries, (entry) => entry.tags, { perEntry: 3, perSite: 4 });
  assert.deepEqual(
    overflows.map((overflow) =>
      overflow.limit === 'perEntry'
        ? [overflow.limit, overflow.entry.slug, overflow.count]
        : [overflow.limit, overflow.entry.slug, overflow.name],
    ),
    [
      ['perEntry', 'b', 4],
      ['perSite', 'c', 'u'],
    ],
  );
  assert.deepEqual(
    terms.map((term) => term.name),
    ['x', 'y', 'z', 'v'],
  );
  assert.deepEqual(
    mostUsedTerms(terms, 2).map((term) => term.name),
    ['x', 'y'],
    'the most used, in the order given',
  );
});

/** The site's model of its content with `posts` synthetic posts, the first given `tags`; the errors, as [code, file name, line, message]. */
async function modelErrors(
  posts: number,
  tagsOf: (index: number) => string[],
  options: Partial<ModelOptions> = {},
): Promise<[string, string, number | undefined, string][]> {
  const copy = await copyContent();
  try {
    await replacePostsWithSynthetic(copy.content, posts);
    for (let index = 0; index < posts; index++) {
      const file = path.join(copy.content, 'posts', `synthetic-post-${index}.md`);
      await writeFile(
        file,
        (await readFile(file, 'utf8')).replace(
          /^tags: .*$/m,
          `tags: [${tagsOf(index)
            .map((tag) => JSON.stringify(tag))
            .join(', ')}]`,
        ),
      );
    }
    const raw = await loadContent(copy.content, realSite.definition.content);
    const now = new Date('2026-11-21T00:00:00Z');
    realSite.definition.model(validateContent(raw, realSite.definition.content, { now }), { now, env: {}, ...options });
    return [];
  } catch (error) {
    return (collectSiteErrors(error) ?? []).map((problem) => [
      problem.code,
      path.basename(problem.file!),
      problem.line,
      problem.message,
    ]);
  } finally {
    await copy.cleanup();
  }
}

test('a post with 51 tags is an error at its tags line; 50 are not', async () => {
  const errors = await modelErrors(3, (index) =>
    Array.from({ length: index === 1 ? 51 : 50 }, (_, tag) => `Topic ${index}-${tag}`),
  );
  assert.deepEqual(
    errors.map(([code, file, line]) => [code, file, line]),
    [['content.too-many-terms', 'synthetic-post-1.md', 9]],
  );
  assert.match(errors[0]![3], /51 tags, more than the 50/);
});

test('the tag that takes a blog past 10,000 is an error at its line, in the post that brings it (posts are counted newest first)', async () => {
  const errors = await modelErrors(201, (index) =>
    Array.from({ length: index === 0 ? 1 : 50 }, (_, tag) => `Topic ${index}-${tag}`),
  );
  assert.deepEqual(
    errors.map(([code, file, line]) => [code, file, line]),
    [['content.too-many-terms', 'synthetic-post-0.md', 9]],
  );
  assert.match(errors[0]![3], /“Topic 0-0” is one more than the 10,000 tags/);
});

test("a site's definition changes the limits, handed to its model; a limit that is not a whole number is refused at the definition", async () => {
  const seen: ModelOptions[] = [];
  const site = (terms: object) =>
    loadedSite({
      ...tinySite.definition,
      terms,
      model: (content, options) => (seen.push(options), tinySite.definition.model(content, options)),
    });
  const loaded = await loadStep(site({}), tinyRoot, path.join(tinyRoot, 'content'));
  validateStep({ ...loaded, site: site({ perEntry: 3 }) });
  assert.deepEqual(seen.at(-1)!.termLimits, { perEntry: 3, perSite: 10_000 });
  const errors =
    collectSiteErrors(
      (() => {
        try {
          validateStep({ ...loaded, site: site({ perSite: 0.5 }) });
          return undefined;
        } catch (error) {
          return error;
        }
      })(),
    ) ?? [];
  assert.deepEqual(
    errors.map((problem) => [problem.code, path.basename(problem.file!)]),
    [['config.invalid', 'sitegen.config.ts']],
  );
  const fewer = await modelErrors(2, (index) => [`A${index}`, `B${index}`, `C${index}`], {
    termLimits: { perEntry: 2, perSite: 10_000 },
  });
  assert.deepEqual(fewer.map(([code, file]) => [code, file]).sort(), [
    ['content.too-many-terms', 'synthetic-post-0.md'],
    ['content.too-many-terms', 'synthetic-post-1.md'],
  ]);
});
