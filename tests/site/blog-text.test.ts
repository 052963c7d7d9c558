import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { blogSchema } from '../../templates/site/schemas/blog.ts';
import { projectRoot } from '../helpers/content.ts';

type Blog = Record<string, unknown> & { results: Record<string, unknown> & { query: Record<string, string> } };
const blog = JSON.parse(readFileSync(path.join(projectRoot, 'content', 'data', 'blog.json'), 'utf8')) as Blog;

/** The paths and messages of what the schema refuses in `data`. */
function problems(data: unknown): [string, string][] {
  const result = blogSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

test('accepts the site blog texts', () => {
  assert.deepEqual(problems(blog), []);
});

test('refuses a result text without the placeholder it must fill', () => {
  assert.deepEqual(problems({ ...blog, results: { ...blog.results, tag: 'tagged' } }), [
    ['results.tag', 'expected the placeholder {tag}'],
  ]);
  assert.deepEqual(problems({ ...blog, readMoreContext: 'about the post' }), [
    ['readMoreContext', 'expected the placeholder {title}'],
  ]);
});

test('refuses a placeholder the text is not filled with, such as a misspelt one', () => {
  const results = { ...blog.results, query: { ...blog.results.query, other: 'match “{qeury}” {query}' } };
  assert.deepEqual(problems({ ...blog, results }), [
    ['results.query.other', 'unknown placeholder {qeury}: only {query} is filled in here'],
  ]);
});

test('needs the clear-filters label and every result text', () => {
  const { clearFilters: _label, ...withoutLabel } = blog;
  assert.deepEqual(
    problems(withoutLabel).map(([at]) => at),
    ['clearFilters'],
  );
  const { all: _all, ...withoutAll } = blog.results;
  assert.deepEqual(
    problems({ ...blog, results: withoutAll }).map(([at]) => at),
    ['results.all'],
  );
});
