import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList, type SiteError } from '../../cli/errors.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { estimateReadTime, formatPostDate, parsePostDate, validateContent, type ValidateOptions } from '../../cli/validate/model.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';

const postFile = (content: string) => path.join(content, 'posts', 'ai-powered-bug-reports.md');

/** Validates a copy of the real content after `edit` changes it; returns the errors. */
async function errorsAfter(edit: (content: string) => Promise<void>, options: ValidateOptions = {}): Promise<SiteError[]> {
  const { content, cleanup } = await copyContent();
  try {
    await edit(content);
    validateContent(await loadContent(content), options);
  } catch (error) {
    if (error instanceof SiteErrorList) return error.errors;
    throw error;
  } finally {
    await cleanup();
  }
  assert.fail('expected validation to fail');
}

test('validates the real content into six posts, newest first, with SPEC read times', async () => {
  const model = validateContent(await loadContent(path.join(projectRoot, 'content')), { env: {} });
  assert.deepEqual(model.posts.map((p) => [p.title, p.category, p.readTime]), [
    ['The Reality of AI in QA Testing: Beyond the Hype', 'AI Testing', '6 min read'],
    ['Optimizing Cursor for Test Generation: A Complete Guide', 'Tools', '8 min read'],
    ['Building Smart Test Data Factories with AI', 'Data', '6 min read'],
    ['The Future of Manual Testing with AI Assistance', 'Manual Testing', '7 min read'],
    ['AI-Powered Bug Reports: A New Standard', 'Documentation', '6 min read'],
    ['Integrating AI QA Tools into Your CI/CD Pipeline', 'DevOps', '10 min read'],
  ]);
  assert.equal(model.posts[0]!.dateText, 'Mar 15, 2024');
});

test('reports a tag list written as a string at its front-matter line', async () => {
  const errors = await errorsAfter((c) => editFile(postFile(c), /^tags: .*$/m, 'tags: AI'));
  assert.equal(errors.length, 1);
  assert.equal(errors[0]!.code, 'content.invalid-field');
  assert.equal(errors[0]!.line, 10);
  assert.equal(errors[0]!.message, 'tags: expected a list of strings, got "AI"');
});

test('reports an impossible date', async () => {
  const errors = await errorsAfter((c) => editFile(postFile(c), /^date: .*$/m, 'date: 2024-02-31'));
  assert.deepEqual(errors.map((e) => [e.code, e.line]), [['content.bad-date', 5]]);
});

test('reports an empty category and an empty tag', async () => {
  const errors = await errorsAfter(async (c) => {
    await editFile(postFile(c), /^category: .*$/m, 'category: ""');
    await editFile(postFile(c), /^tags: \[/m, 'tags: ["", ');
  });
  assert.deepEqual(errors.map((e) => [e.code, e.message.split(':')[0]]).sort(), [['content.invalid-field', 'category'], ['content.invalid-field', 'tags[0]']]);
});

test('reports two posts with one slug, naming the first file', async () => {
  const errors = await errorsAfter((c) => editFile(postFile(c), /^slug: .*$/m, 'slug: the-reality-of-ai-in-qa-testing'));
  assert.equal(errors.length, 1);
  assert.equal(errors[0]!.code, 'content.duplicate-slug');
  const named = `${errors[0]!.file} ${errors[0]!.message}`;
  assert.match(named, /the-reality-of-ai-in-qa-testing\.md/);
  assert.match(named, /ai-powered-bug-reports\.md/);
});

test('reports a dataset field of the wrong type at its JSON line, with the field path', async () => {
  const errors = await errorsAfter((c) => editFile(path.join(c, 'data', 'home.json'), '"popular": true', '"popular": "yes"'));
  assert.equal(errors[0]!.code, 'content.invalid-field');
  assert.match(errors[0]!.message, /^pricing\.plans\[1\]\.popular: expected boolean, got "yes"$/);
  assert.match(errors[0]!.file!, /home\.json$/);
  assert.ok(errors[0]!.line! > 1);
});

test('reports an unknown field as a likely misspelling', async () => {
  const errors = await errorsAfter((c) => editFile(postFile(c), /^category:/m, 'categroy: Docs\ncategory:'));
  assert.deepEqual(errors.map((e) => e.code), ['content.unknown-field']);
});

test('collects problems from several files before failing', async () => {
  const errors = await errorsAfter(async (c) => {
    await editFile(postFile(c), /^tags: .*$/m, 'tags: AI');
    await editFile(path.join(c, 'data', 'site.json'), /"siteUrl": "[^"]*"/, '"siteUrl": "not a url"');
  });
  assert.equal(new Set(errors.map((e) => path.basename(e.file!))).size, 2);
});

test('leaves drafts and future posts out unless asked', async () => {
  const { content, cleanup } = await copyContent();
  try {
    await editFile(postFile(content), /^readTime:/m, 'draft: true\nreadTime:');
    await editFile(path.join(content, 'posts', 'integrating-ai-qa-tools-into-ci-cd.md'), /^date: .*$/m, 'date: 2099-01-01');
    const raw = await loadContent(content);
    const slugs = (options: ValidateOptions) => validateContent(raw, options).posts.map((p) => p.slug);
    assert.equal(slugs({}).length, 4);
    assert.ok(slugs({ drafts: true }).includes('ai-powered-bug-reports'));
    assert.equal(slugs({ future: true })[0], 'integrating-ai-qa-tools-into-ci-cd');
  } finally {
    await cleanup();
  }
});

test('lets environment variables and --site-url override site config', async () => {
  const raw = await loadContent(path.join(projectRoot, 'content'));
  const { site } = validateContent(raw, {
    env: { FORM_WEBHOOK_URL: 'https://hooks.example.test/lead', RECAPTCHA_SITE_KEY: 'key-123', RECAPTCHA_ENTERPRISE: 'true' },
    siteUrl: 'https://preview.example.test/',
  }).data;
  assert.equal(site.formWebhookUrl, 'https://hooks.example.test/lead');
  assert.deepEqual(site.recaptcha, { siteKey: 'key-123', enterprise: true });
  assert.equal(site.siteUrl, 'https://preview.example.test');
});

test('parses and formats post dates the way the site shows them', () => {
  assert.equal(formatPostDate(parsePostDate('2024-03-05')!), 'Mar 5, 2024');
  assert.equal(parsePostDate('2024-13-01'), undefined);
  assert.equal(parsePostDate('March 5'), undefined);
  assert.equal(estimateReadTime('word '.repeat(1200)), '6 min read');
});

test('estimates read time from words with a letter or digit, at 200 words a minute', () => {
  // Dashes, fences and list markers are not words; "it's", "café" and "v2" are.
  const chunk = "it's café v2 — ``` - * > 日本語\n";
  assert.equal(estimateReadTime(chunk.repeat(100)), '2 min read');
  assert.equal(estimateReadTime(chunk.repeat(150)), '3 min read');
  assert.equal(estimateReadTime(''), '1 min read');
});
