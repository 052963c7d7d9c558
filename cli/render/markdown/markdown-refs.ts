// The links of a Markdown file the build wrote for answer engines (a page's Markdown copy,
// llms.txt), as the link checker reads them: the destination of every link, image and
// definition, and the `href` of every `<a>` and `src` of every `<img>` in its HTML, each at its
// line and column. It is read with the parser the build renders Markdown with, so what it finds
// is what a build that made the file recorded (cli/render/markdown-copy.ts); a build checks its
// copies from that record, and `check-links` reads the files.
import type { Root, RootContent } from 'mdast';
import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import remarkGfm from './gfm-autolinks.ts';
import recordSourceUrls, { sourceUrlsOf, type SourceUrl } from './source-urls.ts';
import { locateRefs, type ScannedRef } from '../../shared/scanned-refs.ts';

/** How a finding names where a Markdown reference sits, by the kind of its destination. */
export const markdownRefLabels: Record<SourceUrl['kind'], string> = {
  link: 'markdown link',
  image: 'markdown image',
  definition: 'markdown definition',
};

/** A URL in a piece of HTML: where its value stands (offsets), and the value decoded. */
export interface HtmlUrl {
  attribute: 'a[href]' | 'img[src]';
  /** Where its element's start tag starts. */
  at: number;
  start: number;
  end: number;
  url: string;
}

/** The URL attribute read of each element: what a copy makes absolute and the checker checks. */
const urlAttributeOf: Record<string, { name: string; label: HtmlUrl['attribute'] }> = {
  a: { name: 'href', label: 'a[href]' },
  img: { name: 'src', label: 'img[src]' },
};

/** The `href` of each `<a>` and `src` of each `<img>` in `html`, with offsets from `offset`. */
export function htmlUrls(html: string, offset = 0): HtmlUrl[] {
  const found: HtmlUrl[] = [];
  let wanted: (typeof urlAttributeOf)[string] | undefined;
  let reading: { start: number; value: string } | undefined;
  let seen = false;
  let tag = 0;
  const callbacks: TokenizerCallbacks = {
    onopentagname(start, end) {
      wanted = urlAttributeOf[html.slice(start, end).toLowerCase()];
      seen = false;
      tag = start - 1;
    },
    onattribname(start, end) {
      reading = undefined;
      if (!wanted || seen || html.slice(start, end).toLowerCase() !== wanted.name) return;
      // The value starts after `=`, the spaces around it and an opening quote.
      const value = /^\s*=\s*["']?/.exec(html.slice(end));
      reading = { start: end + (value?.[0].length ?? 0), value: '' };
    },
    onattribdata(start, end) {
      if (reading) reading.value += html.slice(start, end);
    },
    onattribentity(codepoint) {
      if (reading) reading.value += String.fromCodePoint(codepoint);
    },
    onattribend(quote, endIndex) {
      if (!reading || !wanted) return;
      // A browser reads the first of two attributes with one name.
      seen = true;
      const end = quote === QuoteType.Single || quote === QuoteType.Double ? endIndex - 1 : endIndex;
      if (quote !== QuoteType.NoValue && end >= reading.start)
        found.push({
          attribute: wanted.label,
          at: offset + tag,
          start: offset + reading.start,
          end: offset + end,
          url: reading.value,
        });
      reading = undefined;
    },
    onopentagend() {},
    onselfclosingtag() {},
    onclosetag() {},
    oncdata() {},
    oncomment() {},
    ondeclaration() {},
    onend() {},
    onprocessinginstruction() {},
    ontext() {},
    ontextentity() {},
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);
  tokenizer.write(html);
  tokenizer.end();
  return found;
}

/** Where the front matter a copy starts with ends: it holds no link, and its text is not Markdown. */
export function frontMatterEnd(text: string): number {
  if (!text.startsWith('---\n')) return 0;
  const close = text.indexOf('\n---\n', 3);
  return close === -1 ? 0 : close + '\n---\n'.length;
}

const parser = unified().use(remarkParse).use(remarkGfm).use(recordSourceUrls);

/**
 * Where a Markdown text holds URLs: its destinations (source-urls.ts), and each piece of its HTML as `[start, end]`
 * offsets.
 */
export function readMarkdownUrls(text: string): { urls: SourceUrl[]; html: [number, number][] } {
  const root = parser.parse(text) as Root;
  const html: [number, number][] = [];
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'html') {
        const { start, end } = node.position ?? {};
        if (start?.offset !== undefined && end?.offset !== undefined) html.push([start.offset, end.offset]);
      } else if ('children' in node) visit(node.children);
    }
  };
  visit(root.children);
  return { urls: sourceUrlsOf(root), html };
}

/** Every reference of a Markdown file, located, in the order of the text (see the top of this file). */
export function scanMarkdownRefs(text: string): ScannedRef[] {
  const from = frontMatterEnd(text);
  const body = text.slice(from);
  const { urls, html } = readMarkdownUrls(body);
  const refs: ScannedRef[] = [
    ...urls.map((url) => ({
      attribute: markdownRefLabels[url.kind],
      value: url.url,
      offset: from + url.start,
      line: 0,
      column: 0,
    })),
    ...html.flatMap(([start, end]) =>
      htmlUrls(body.slice(start, end), from + start).map((url) => ({
        attribute: url.attribute,
        value: url.url,
        offset: url.start,
        line: 0,
        column: 0,
      })),
    ),
  ];
  refs.sort((a, b) => a.offset - b.offset);
  locateRefs(text, refs);
  return refs;
}
