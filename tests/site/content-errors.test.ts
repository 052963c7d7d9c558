import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { fixtureContent, projectRoot } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';
import { Cache } from '../../cli/cache/cache.ts';
import { planImages, prepareShareCards } from '../../cli/pipeline/assets-step.ts';
import { claimStep } from '../../cli/pipeline/claim-step.ts';

// The marketing site's own rules about its content: each case lays one fixture from
// tests/fixtures/<behaviour>/ over the minimal valid site and asserts what an author relies on:
// the code, the file and the line. What the engine reports of any site's content (dates, schema
// errors, unknown fields, missing images) is in tests/validate/content-errors.test.ts.

interface Reported {
  code: string;
  /** Relative to the content folder. */
  file?: string;
  line?: number;
  message: string;
  hint?: string;
}

/** Loads, validates and routes a fixture as a build does, and returns the problems it reports. */
async function contentErrors(behaviour?: string): Promise<Reported[]> {
  const { content, cleanup } = await fixtureContent(behaviour);
  try {
    const routed = routeStep(
      validateStep(await loadStep(realSite, projectRoot, content), { now: new Date('2026-11-21T00:00:00Z') }),
    );
    // Every path the build would write is claimed by its writer, as a build does before it renders.
    claimStep(routed, planImages(routed), prepareShareCards(routed, new Cache(undefined)));
    return [];
  } catch (error) {
    if (!(error instanceof SiteErrorList)) throw error;
    return error.errors.map((e) => ({
      code: e.code,
      file: e.file && path.relative(content, e.file),
      line: e.line,
      message: e.message,
      hint: e.hint,
    }));
  } finally {
    await cleanup();
  }
}

const located = (errors: Reported[]) => errors.map((e) => [e.code, e.file, e.line]);

test('accepts the minimal site', async () => {
  assert.deepEqual(await contentErrors(), []);
});

test('reports a tag list written as a string at its front-matter line', async () => {
  const errors = await contentErrors('tags-as-string');
  assert.deepEqual(located(errors), [['content.invalid-field', 'posts/first-post.md', 10]]);
  assert.equal(errors[0]!.message, 'tags: expected a list of strings, got "Testing"');
});

test('reports an empty category and an empty tag, each at its line', async () => {
  const errors = await contentErrors('empty-fields');
  assert.deepEqual(located(errors), [
    ['content.invalid-field', 'posts/first-post.md', 9],
    ['content.invalid-field', 'posts/first-post.md', 10],
  ]);
  assert.deepEqual(
    errors.map((e) => e.message.split(':')[0]),
    ['category', 'tags[0]'],
  );
});

test("reports a tag or category written two ways (one page each would share an address) at each post's line, and a tag with no letter", async () => {
  const errors = await contentErrors('term-clash');
  assert.deepEqual(
    located(errors).sort(),
    [
      ['content.term-clash', 'posts/second-post.md', 10],
      ['content.term-clash', 'posts/first-post.md', 10],
      ['content.term-clash', 'posts/second-post.md', 10],
      ['content.term-clash', 'posts/second-post.md', 9],
      ['content.term-clash', 'posts/first-post.md', 9],
    ].sort(),
    errors.map((e) => e.message).join('\n'),
  );
  assert.ok(
    errors.some((e) =>
      /Tag “testing” would share the address …\/testing with “Testing” \(posts\/first-post\.md\)/.test(e.message),
    ),
    errors.map((e) => e.message).join('\n'),
  );
  assert.ok(errors.some((e) => /Tag “\?\?\?” has no letter or digit/.test(e.message)));
  assert.ok(errors.every((e) => e.hint?.includes('the same way')));
});

test('reports the second of two posts with one slug at the line of its slug, naming the first file at the line of its own', async () => {
  const errors = await contentErrors('duplicate-slug');
  assert.deepEqual(located(errors), [['content.duplicate-slug', 'posts/second-post.md', 3]]);
  assert.match(errors[0]!.message, /posts\/first-post\.md:3$/);
});

test('reports the second of two guide articles with one topic, at the line of each topic', async () => {
  const errors = await contentErrors('duplicate-topic');
  assert.deepEqual(located(errors), [['content.duplicate-topic', 'guides/playwright.md', 2]]);
  assert.match(errors[0]!.message, /guides\/playwright-again\.md:2$/);
});

test('reports guide topics that guides.json does not declare, in an article and in the blog sidebar', async () => {
  const errors = await contentErrors('unknown-guide-topic');
  assert.deepEqual(located(errors), [
    ['content.invalid-field', 'data/blog.json', 19],
    ['content.invalid-field', 'guides/cypress.md', 2],
  ]);
  assert.deepEqual(
    errors.map((e) => e.message.split(':')[0]),
    ['post.guides[1]', 'topic'],
  );
});

test('reports a link to a page the site does not have, at its JSON line', async () => {
  const errors = await contentErrors('unknown-route');
  assert.deepEqual(located(errors), [['content.unknown-route', 'data/redirects.json', 2]]);
  assert.match(errors[0]!.message, /"\/no-such-page" is not a page of the site/);
});

test('reports a redirect that would overwrite a page, from the redirects file', async () => {
  const errors = await contentErrors('route-collision');
  assert.deepEqual(
    errors.map((e) => [e.code, e.file]),
    [['routes.duplicate-output', 'data/redirects.json']],
  );
  assert.match(errors[0]!.message, /blog\/index\.html/);
});

test('reports a person named twice in people.json, and an author or team member who is no one, each where it is written', async () => {
  const errors = await contentErrors('unknown-person');
  assert.deepEqual(located(errors), [
    ['content.invalid-field', 'data/people.json', 3],
    ['content.invalid-field', 'posts/first-post.md', 10],
    ['content.invalid-field', 'data/humans.json', 19],
    ['content.invalid-field', 'data/humans.json', 19],
  ]);
  assert.deepEqual(
    errors.map((e) => e.message.split(':')[0]),
    ['[1].id', 'author', 'team.people[1]', 'team.section'],
  );
});

test('reports a home video whose story names no case study, at its line', async () => {
  const errors = await contentErrors('unknown-story');
  assert.deepEqual(located(errors), [['content.invalid-field', 'data/home.json', 133]]);
  assert.match(errors[0]!.message, /^customerVideo\.story: .*"no-such-study"/);
});

test('reports an offer of /getting-started whose interest the consultation form does not offer, at its line', async () => {
  const errors = await contentErrors('unknown-interest');
  assert.deepEqual(located(errors), [['content.invalid-field', 'data/getting-started.json', 22]]);
  assert.match(errors[0]!.message, /^form\.offers\[1\]\.interest: .*"Embedded Cypress QA"/);
});
