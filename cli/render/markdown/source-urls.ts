// Where in a Markdown text its author wrote each URL: the destination of every link and image
// (`[text](url)`, `![alt](url "title")`) and of every definition (`[ref]: url`). The parser
// records them as it reads them, through an extension of mdast-util-from-markdown run inside the
// one parse (no node of the tree is walked for it), so that a copy of the text can replace
// exactly those characters and nothing else (cli/render/markdown-copy.ts), and the link checker
// can find them in a copy (cli/check/markdown-refs.ts). Autolinks (`<https://…>`, a bare
// `https://…`) are absolute as written, and are not recorded.
import type { Root } from 'mdast';
import type { CompileContext, Extension, Token } from 'mdast-util-from-markdown';
import type { Processor } from 'unified';

/**
 * A URL as written in the text: its characters `start` to `end` (the `<…>` around one included), and what the parser
 * read it as.
 */
export interface SourceUrl {
  kind: 'link' | 'image' | 'definition';
  /** Where the link, image or definition it belongs to starts: where the build locates a link of the body. */
  at: number;
  start: number;
  end: number;
  /** The URL, its escapes and character references decoded. */
  url: string;
}

interface RecordingRoot extends Root {
  data?: Root['data'] & { sitegenSourceUrls?: SourceUrl[] };
}

/** Records a destination once the parser has read it: the node it belongs to is the one being built. */
function record(this: CompileContext, token: Token): void {
  const node = this.stack[this.stack.length - 1];
  const root = this.stack[0] as RecordingRoot;
  if (!node || (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition')) return;
  const urls = ((root.data ??= {}).sitegenSourceUrls ??= []);
  urls.push({
    kind: node.type,
    at: node.position?.start.offset ?? token.start.offset,
    start: token.start.offset,
    end: token.end.offset,
    url: node.url,
  });
}

/** Handlers for tokens mdast-util-from-markdown has none of, so nothing it does is replaced. */
const extension: Extension = { exit: { resourceDestination: record, definitionDestination: record } };

/** The remark plugin: adds the recording to the processor's parser. */
export default function recordSourceUrls(this: Processor): undefined {
  const data = this.data();
  (data.fromMarkdownExtensions ??= []).push(extension);
  return undefined;
}

/** The URLs the parse of `root` recorded, in the order of the text. */
export function sourceUrlsOf(root: Root): SourceUrl[] {
  return ((root as RecordingRoot).data?.sitegenSourceUrls ?? []).slice().sort((a, b) => a.start - b.start);
}
