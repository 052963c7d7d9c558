import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { loadContent } from '../../cli/load/load-content.ts';
import { validateContent, type ValidateOptions } from '../../cli/validate/validate-content.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';

// Error cases live in content-errors.test.ts, one fixture each.

const postFile = (content: string) => path.join(content, 'posts', 'ai-powered-bug-reports.md');

test('validates the real content into six posts, newest first, with SPEC read times', async () => {
  const model = validateContent(await loadContent(path.join(projectRoot, 'content')));
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

test('takes the guide topics from guides.json', async () => {
  const model = validateContent(await loadContent(path.join(projectRoot, 'content')));
  assert.deepEqual(model.guides.map((g) => g.topic).sort(), model.data.guides.map((g) => g.topic).sort());
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
