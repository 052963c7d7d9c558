import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { loadSiteModel } from '../helpers/site-model.ts';

// The marketing site's content as its definition loads it (sitegen.config.ts) and its model
// (templates/site/model.ts) makes of it.

const { raw, model } = await loadSiteModel();

test('loads every post, guide, legal page, dataset and toolkit text of the site', () => {
  assert.equal(raw.collections.posts!.length, 6);
  assert.equal(raw.collections.guides!.length, 5);
  assert.deepEqual(
    raw.collections.legal!.map((l) => path.basename(l.file)),
    ['privacy.md', 'terms.md'],
  );
  assert.ok(raw.data.has('navigation') && raw.data.has('home') && raw.data.has('redirects'));
  assert.match(model.toolkit.readme, /localhost:5174/);
  assert.ok(model.toolkit.rules.length > 0, 'the Cursor rules text');
});

test('validates the real content into six posts, newest first, with SPEC read times', () => {
  assert.deepEqual(
    model.posts.map((p) => [p.title, p.category, p.readTime]),
    [
      ['The Reality of AI in QA Testing: Beyond the Hype', 'AI Testing', '6 min read'],
      ['Optimizing Cursor for Test Generation: A Complete Guide', 'Tools', '8 min read'],
      ['Building Smart Test Data Factories with AI', 'Data', '6 min read'],
      ['The Future of Manual Testing with AI Assistance', 'Manual Testing', '7 min read'],
      ['AI-Powered Bug Reports: A New Standard', 'Documentation', '6 min read'],
      ['Integrating AI QA Tools into Your CI/CD Pipeline', 'DevOps', '10 min read'],
    ],
  );
  assert.equal(model.posts[0]!.dateText, 'Mar 15, 2024');
});

test('takes the guide topics from guides.json', () => {
  assert.deepEqual(model.guides.map((g) => g.topic).sort(), model.data.guides.map((g) => g.topic).sort());
});
