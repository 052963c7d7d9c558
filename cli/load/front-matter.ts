import matter from '@11ty/gray-matter';
import { SiteError } from '../errors.ts';
import { formatBytes, inputLimits } from '../input-limits.ts';

export interface SplitMarkdown {
  frontMatter: Record<string, unknown>;
  /** The YAML between the fences; its line i is line i + 2 of the file. */
  frontMatterText: string;
  body: string;
  /** The file line the body starts on. */
  bodyLine: number;
}

// Front matter is data. gray-matter picks its parser from the word after the opening fence
// (`---js` once meant eval), so that word is checked here, before gray-matter sees the file:
// only YAML is parsed, whatever engines a future version ships.
const yamlLanguages = new Set(['', 'yaml', 'yml']);

/**
 * Options for gray-matter, which hands them on to js-yaml. Passing any options at all also keeps
 * gray-matter from caching every file it has seen by its text.
 */
const matterOptions = () => ({
  language: 'yaml',
  // A function excerpt stops gray-matter from reading `excerpt_separator` out of the front matter.
  excerpt: (file: unknown) => file,
  // js-yaml: authors have no use for anchors and aliases, and aliases are how a few lines of
  // YAML expand into gigabytes; nesting is limited too.
  maxAliases: 0,
  maxDepth: inputLimits.frontMatterDepth,
});

/**
 * Splits a Markdown file into front matter and body; throws a `SiteError` (or js-yaml's error)
 * for front matter that is not plain YAML.
 */
export function splitMarkdown(source: string, file?: string): SplitMarkdown {
  // gray-matter drops a byte-order mark; dropping it first keeps the body line right.
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const fence = openingFence(text);
  if (fence) checkFence(text, fence, file);
  // The language word is checked: gray-matter then always reads the block as YAML.
  const input = fence && fence.firstLineEnd > 3 ? `---${text.slice(fence.firstLineEnd)}` : text;
  // gray-matter's types know neither js-yaml's options nor an excerpt function returning the file.
  const parsed = matter(input, matterOptions() as { language: string });
  const data: unknown = parsed.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new SiteError({
      code: 'content.bad-front-matter',
      message: 'front matter is not a list of `name: value` fields',
      hint: 'Write one `name: value` line per field between the --- lines.',
      file,
      line: 2,
    });
  }
  // gray-matter keeps the newline after the opening fence.
  const frontMatterText = (parsed.matter ?? '').replace(/^\r?\n/, '');
  const bodyLine = fence ? frontMatterText.split('\n').length + 3 : 1;
  return { frontMatter: data as Record<string, unknown>, frontMatterText, body: parsed.content, bodyLine };
}

/**
 * The body of a Markdown file and the line it starts on, split exactly where `splitMarkdown`
 * splits (gray-matter's rules) but without parsing the front matter: for a worker that renders a
 * body before the build has loaded its file. The build compares the body with its own split, so
 * a disagreement would only cost a second render; a test holds the two equal.
 */
export function splitBody(source: string, file?: string): Pick<SplitMarkdown, 'body' | 'bodyLine'> {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const fence = openingFence(text);
  if (!fence) return { body: text, bodyLine: 1 };
  checkFence(text, fence, file);
  const { body, bodyLine } = splitFenced(text, fence);
  return { body, bodyLine };
}

/**
 * A file split exactly where `splitMarkdown` splits it, with the YAML text js-yaml would parse,
 * unparsed: for a reader that parses another generator's front matter by that generator's rules
 * (`sitegen import`). Undefined for a file without front matter.
 */
export function splitFrontMatter(
  source: string,
  file?: string,
): { yaml: string; frontMatterText: string; body: string; bodyLine: number } | undefined {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const fence = openingFence(text);
  if (!fence) return undefined;
  checkFence(text, fence, file);
  return splitFenced(text, fence);
}

/** The options js-yaml parses front matter with (see `matterOptions`), for a reader that parses it itself. */
export function yamlOptions(): { maxAliases: number; maxDepth: number } {
  const { maxAliases, maxDepth } = matterOptions();
  return { maxAliases, maxDepth };
}

/** A fenced file split as gray-matter splits it; `yaml` is the text js-yaml would parse. */
function splitFenced(
  text: string,
  fence: Fence,
): { yaml: string; frontMatterText: string; body: string; bodyLine: number } {
  // gray-matter ends the block at the next "\n---" after the opening fence's line.
  const afterFence = text.slice(fence.firstLineEnd);
  const close = afterFence.indexOf('\n---');
  const yaml = close === -1 ? afterFence : afterFence.slice(0, close);
  const frontMatterText = yaml.replace(/^\r?\n/, '');
  let body = close === -1 ? '' : afterFence.slice(close + 4);
  if (body[0] === '\r') body = body.slice(1);
  if (body[0] === '\n') body = body.slice(1);
  return { yaml, frontMatterText, body, bodyLine: frontMatterText.split('\n').length + 3 };
}

interface Fence {
  /** The word after `---` on the first line, trimmed: gray-matter's "language". */
  language: string;
  /** Offset of the newline ending the first line (or the text's end). */
  firstLineEnd: number;
}

/** The opening fence as gray-matter reads it: `---` not followed by a fourth `-`. */
function openingFence(text: string): Fence | undefined {
  if (!text.startsWith('---') || text[3] === '-') return undefined;
  const newline = text.indexOf('\n', 3);
  const firstLineEnd = newline === -1 ? text.length : text[newline - 1] === '\r' ? newline - 1 : newline;
  return { language: text.slice(3, firstLineEnd).trim(), firstLineEnd };
}

function checkFence(text: string, fence: Fence, file: string | undefined): void {
  if (!yamlLanguages.has(fence.language.toLowerCase())) {
    throw new SiteError({
      code: 'content.front-matter-not-yaml',
      message: `front matter must be YAML, not "${fence.language.slice(0, 40)}"`,
      hint: 'Start the file with a line of just --- and write the fields as YAML.',
      file,
      line: 1,
      column: 4,
    });
  }
  // Where gray-matter ends the block: the next line starting with `---`, or the end of the file.
  const close = text.indexOf('\n---', fence.firstLineEnd);
  const size = (close === -1 ? text.length : close) - fence.firstLineEnd;
  if (size > inputLimits.frontMatterBytes) {
    throw new SiteError({
      code: 'content.front-matter-too-large',
      message: `front matter is longer than the ${formatBytes(inputLimits.frontMatterBytes)} limit`,
      hint: 'Check that the closing --- line is there; move long text into the body.',
      file,
      line: 1,
    });
  }
}

// Front matter as new-post and import write it: YAML that reads back exactly the values given.

/**
 * A YAML scalar for a string. Text goes in double quotes written by JSON.stringify: every JSON
 * string is a YAML 1.2 double-quoted scalar with the same value (JSON is a subset of YAML 1.2),
 * so no quote, colon, `#`, leading `-`, `!`, `&` or `*` can change the structure. Slugs, paths
 * and dates stay plain, as authors write them, unless YAML would read them as something other
 * than a string (`123`, `true`, `null`).
 */
function yamlValue(key: string, value: unknown): string {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map((item) => yamlValue(key, item)).join(', ')}]`;
  const text = String(value);
  // A date stays unquoted, as authors write it; checkNewEntry (validate/new-entry.ts) allows only YYYY-MM-DD.
  if (key === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return /^[a-z/][\w/.-]*$/.test(text) && !/^(true|false|null)$/.test(text) && (key === 'slug' || text.startsWith('/'))
    ? text
    : JSON.stringify(text);
}

/** The entry's file: its front matter, in the order given, and the body. */
export function renderEntry(frontMatter: Record<string, unknown>, body: string): string {
  return ['---', ...frontMatterLines(frontMatter), '---', '', body].join('\n');
}

/** Front matter of scalars and lists of scalars, one `key: value` line each, as `renderEntry` writes it. */
export function frontMatterLines(frontMatter: Record<string, unknown>): string[] {
  return Object.entries(frontMatter).map(([key, value]) => `${key}: ${yamlValue(key, value)}`);
}
