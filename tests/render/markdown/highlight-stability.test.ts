// Its own file, so its own process: the highlighter starts with no languages loaded.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderMarkdown } from '../../../cli/render/markdown/render-markdown.ts';

const markdownBlock =
  '```markdown\n---\ndescription: Playwright conventions\nglobs: tests/**/*.ts\n---\n\n# Rules\n```\n';
const yamlBlock = '```yaml\ndescription: Playwright conventions\n```\n';
const yamlKeyColour = '#7EE787';

test('a markdown block highlights the same whichever languages were loaded before it', async () => {
  const before = (await renderMarkdown(markdownBlock)).html;
  const yaml = (await renderMarkdown(yamlBlock)).html;
  assert.ok(yaml.includes(yamlKeyColour), 'the YAML grammar is now loaded');
  const after = (await renderMarkdown(markdownBlock)).html;
  assert.equal(after, before);
  // The front matter inside the block stays plain: markdown only embeds YAML when it happens to be loaded.
  assert.ok(!before.includes(yamlKeyColour), before);
  assert.match(before, /data-language="markdown"/);
});
