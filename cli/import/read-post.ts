// One post of another generator, read: its front matter, YAML or Hugo's TOML, and its body exactly as written.
import { load } from 'js-yaml';
import { parse as parseToml, TomlError } from 'smol-toml';
import { SiteError } from '../errors.ts';
import { splitFrontMatter, yamlOptions } from '../load/front-matter.ts';
import { isYamlError, yamlError } from '../load/load-content.ts';
import { formatBytes, inputLimits } from '../input-limits.ts';

/** A post's front matter and body as read. */
export interface ReadPost {
  file: string;
  frontMatter: Record<string, unknown>;
  /** The front matter's text between the fences (its first line is the file's line 2). */
  frontMatterText: string;
  /** The text after the front matter's closing fence, byte for byte. */
  body: string;
  bodyLine: number;
  /**
   * What the front matter holds that Jekyll's YAML takes and the build's does not, each at its line: a key written
   * twice.
   */
  notes: { line: number; text: string }[];
}

/**
 * Reads a post's text: YAML front matter as Jekyll's YAML reader (libyaml) takes it, within the
 * build's limits and with its errors, TOML between `+++` lines, or none (undefined: the file is
 * not a post). Two things libyaml takes and the build's YAML refuses are taken here: a key
 * written twice (the last one wins, and a note says so) and a tab between the values of a flow
 * list (`tags: [ruby,	jekyll]`), read as a space.
 */
export function readPost(file: string, text: string): ReadPost | undefined {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\+\+\+[ \t]*\r?\n/.test(source)) return readTomlPost(file, source);
  if (!/^---/.test(source)) return undefined;
  const split = splitFrontMatter(source, file);
  if (!split) return undefined;
  const yaml = tabsAsSpaces(split.yaml);
  let parsed: unknown;
  try {
    parsed = load(yaml, { ...yamlOptions(), json: true });
  } catch (error) {
    throw isYamlError(error) ? yamlError(file, error) : error;
  }
  if (parsed !== undefined && parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed))) {
    throw new SiteError({
      code: 'content.bad-front-matter',
      message: 'front matter is not a list of `name: value` fields',
      hint: 'Write one `name: value` line per field between the --- lines.',
      file,
      line: 2,
    });
  }
  const notes = repeatedKeys(split.frontMatterText).map(({ key, line, first }) => ({
    line,
    text: `the key "${key}" is written twice (first at line ${first}): the last value is taken, as Jekyll takes it`,
  }));
  // The body from the line after the closing fence, exactly as written.
  return {
    file,
    frontMatter: (parsed ?? {}) as Record<string, unknown>,
    frontMatterText: split.frontMatterText,
    body: linesFrom(source, split.bodyLine),
    bodyLine: split.bodyLine,
    notes,
  };
}

/**
 * The YAML with each tab that separates values (not one that indents a line, nor one inside a
 * quoted string) read as a space, as libyaml reads it; columns are unchanged.
 */
function tabsAsSpaces(yaml: string): string {
  if (!yaml.includes('\t')) return yaml;
  return yaml
    .split('\n')
    .map((line) => {
      const indent = /^[ \t]*/.exec(line)![0].length;
      let quote: string | undefined;
      let out = line.slice(0, indent);
      for (const char of line.slice(indent)) {
        if (quote) {
          if (char === quote) quote = undefined;
        } else if (char === '"' || char === "'") quote = char;
        else if (char === '#') quote = '\n';
        out += char === '\t' && !quote ? ' ' : char;
      }
      return out;
    })
    .join('\n');
}

/** Top-level keys written more than once, each repeat with its line in the file and the first one's. */
function repeatedKeys(frontMatterText: string): { key: string; line: number; first: number }[] {
  const seen = new Map<string, number>();
  const repeats: { key: string; line: number; first: number }[] = [];
  for (const [index, line] of frontMatterText.split('\n').entries()) {
    const key = /^(?:"([^"]+)"|'([^']+)'|([^\s#'"][^:]*?))\s*:(?:\s|$)/.exec(line);
    if (!key) continue;
    const name = key[1] ?? key[2] ?? key[3]!;
    const first = seen.get(name);
    if (first === undefined) seen.set(name, index + 2);
    else repeats.push({ key: name, line: index + 2, first });
  }
  return repeats;
}

/** The text from 1-based line `line` on. */
function linesFrom(text: string, line: number): string {
  let offset = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', offset);
    if (next === -1) return '';
    offset = next + 1;
  }
  return text.slice(offset);
}

function readTomlPost(file: string, source: string): ReadPost {
  const start = source.indexOf('\n') + 1;
  const close = /^\+\+\+[ \t]*$/m.exec(source.slice(start));
  if (!close)
    throw new SiteError({
      code: 'import.bad-front-matter',
      message: 'TOML front matter has no closing +++ line',
      hint: 'End the front matter with a line of just +++.',
      file,
      line: 1,
    });
  const toml = source.slice(start, start + close.index);
  if (toml.length > inputLimits.frontMatterBytes) {
    throw new SiteError({
      code: 'import.bad-front-matter',
      message: `front matter is longer than the ${formatBytes(inputLimits.frontMatterBytes)} limit`,
      hint: 'Move long text into the body.',
      file,
      line: 1,
    });
  }
  let frontMatter: Record<string, unknown>;
  try {
    frontMatter = plain(parseToml(toml, { maxDepth: inputLimits.frontMatterDepth })) as Record<string, unknown>;
  } catch (error) {
    const at = error instanceof TomlError ? { line: error.line + 1, column: error.column } : { line: 1 };
    throw new SiteError({
      code: 'import.bad-front-matter',
      message: `front matter is not valid TOML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      hint: 'Fix the TOML at that place.',
      file,
      ...at,
      cause: error,
    });
  }
  const bodyLine = toml.split('\n').length + 2;
  return { file, frontMatter, frontMatterText: toml, body: linesFrom(source, bodyLine), bodyLine, notes: [] };
}

/** TOML's tables as plain objects, so they compare and write as YAML mappings. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Date || value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, plain(child)]));
}

/** Where a top-level key (`key:` in YAML, `key =` in TOML) is written: its line in the file, and the text after it. */
function keyLine(post: ReadPost, key: string): { line: number; text: string } | undefined {
  const lines = post.frontMatterText.split('\n');
  const pattern = new RegExp(`^["']?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']?\\s*[:=]\\s*(.*)$`);
  for (const [index, line] of lines.entries()) {
    const match = pattern.exec(line);
    if (match) return { line: index + 2, text: match[1]!.trim() };
  }
  return undefined;
}

/** The line of a top-level key in the post's file; 1 when it is not found. */
export function lineOf(post: ReadPost, key: string): number {
  return keyLine(post, key)?.line ?? 1;
}

/** A top-level key's value as written on its line. */
export function writtenText(post: ReadPost, key: string): string | undefined {
  return keyLine(post, key)?.text;
}
