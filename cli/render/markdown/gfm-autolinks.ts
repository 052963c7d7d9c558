import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Construct, ConstructRecord, Extension } from 'micromark-util-types';
import type { Processor } from 'unified';
import { linearInline } from './linear-inline.ts';

/**
 * GitHub Flavored Markdown for remark-parse, parsed as remark-gfm parses it (tables,
 * strikethrough, footnotes, task lists, bare URLs and email addresses), with inline parsing kept
 * linear (linear-inline.ts). tests/render/markdown/spec-examples.test.ts compares the result
 * with remark-gfm on every CommonMark and GFM spec example.
 *
 * Bare URLs and email addresses are found by remark-gfm's tokenizer, which alone cuts them as
 * GFM says where `*`, `_`, `~` and `<` meet emphasis and tags. Its email construct starts on
 * every letter and digit, which takes micromark off its fast path for plain text (a third of a
 * typical post's Markdown time), and can only match where there is an `@`: with `emails: false`
 * (for a body without `@`) it is left out, which changes nothing in the result.
 */
export default function remarkGfmLinear(this: Processor, options: { emails?: boolean } = {}): undefined {
  const data = this.data();
  const autolinks = options.emails === false ? urlAutolinks() : gfmAutolinkLiteral();
  (data.micromarkExtensions ??= []).push(
    combineExtensions([autolinks, gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem(), linearInline()]),
  );
  // The mdast side of remark-gfm, its autolink-literal transform included.
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
  return undefined;
}

/** remark-gfm's autolink-literal tokenizer without its email construct. */
function urlAutolinks(): Extension {
  const text: ConstructRecord = {};
  for (const [code, constructs] of Object.entries(gfmAutolinkLiteral().text ?? {})) {
    const all: (Construct | undefined)[] = Array.isArray(constructs) ? constructs : [constructs];
    const kept = all.filter(
      (construct): construct is Construct => construct !== undefined && construct.name !== 'emailAutolink',
    );
    if (kept.length > 0) text[code] = kept;
  }
  return { text };
}
