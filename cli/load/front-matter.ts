import matter from 'gray-matter';

export interface SplitMarkdown {
  frontMatter: Record<string, unknown>;
  /** The YAML between the fences; its line i is line i + 2 of the file. */
  frontMatterText: string;
  body: string;
  /** The file line the body starts on. */
  bodyLine: number;
}

/** Splits a Markdown file into front matter and body; throws js-yaml's error for bad YAML. */
export function splitMarkdown(source: string): SplitMarkdown {
  // An empty options object keeps gray-matter from serving a cached result for identical text.
  return fromGrayMatter(source, matter(source, {}));
}

function fromGrayMatter(source: string, parsed: matter.GrayMatterFile<string>): SplitMarkdown {
  // gray-matter keeps the newline after the opening fence.
  const frontMatterText = (parsed.matter ?? '').replace(/^\r?\n/, '');
  const bodyLine = source.startsWith('---') ? frontMatterText.split('\n').length + 3 : 1;
  return { frontMatter: parsed.data, frontMatterText, body: parsed.content, bodyLine };
}
