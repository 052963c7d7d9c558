// A body written to make the search for template tags slow (openings without closings, by the
// hundred thousand) is searched in time linear in its length.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Root } from 'mdast';
import { findTemplateTags } from '../../cli/render/markdown/template-tags.ts';

const tagsOf = (markdown: string) => findTemplateTags(markdown, unified().use(remarkParse).parse(markdown) as Root);

test('finds tags in time linear in the body, however many openings lack a closing', () => {
  const time = (text: string) => {
    const started = performance.now();
    tagsOf(text);
    return performance.now() - started;
  };
  time('{{'.repeat(1000));
  const small = time('{{<'.repeat(20_000) + '{%'.repeat(20_000));
  const large = time('{{<'.repeat(160_000) + '{%'.repeat(160_000));
  assert.ok(large < small * 30 + 50, `8 times the openings took ${large.toFixed(0)} ms against ${small.toFixed(0)} ms`);
});
