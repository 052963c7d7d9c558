import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { combineExtensions } from 'micromark-util-combine-extensions';
import type { Processor } from 'unified';

/**
 * GitHub Flavored Markdown for remark-parse: tables, strikethrough, footnotes and task lists are
 * parsed as remark-gfm parses them; bare URLs and email addresses ("autolink literals") become
 * links through mdast-util-gfm's tree transform after parsing rather than through the
 * tokenizer.
 *
 * Why: the autolink-literal tokenizer registers a possible email start on every letter and
 * digit, which takes micromark off its fast path for plain text; on a typical 700-word post it
 * was a third of the whole Markdown-to-HTML time. The transform finds the same links in the
 * parsed text. The one difference: a bare URL containing a `*…*` or `_…_` pair is cut where that
 * emphasis starts, as it would be without GFM; write such a URL as `<https://…>`.
 */
export default function remarkGfmTransformedAutolinks(this: Processor): undefined {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(combineExtensions([gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem()]));
  // gfmFromMarkdown() includes the autolink-literal transform; its token handlers stay unused.
  (data.fromMarkdownExtensions ??= []).push(gfmFromMarkdown());
  return undefined;
}
