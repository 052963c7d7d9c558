// One post of another generator, read: its front matter, YAML or Hugo's TOML, and its body exactly as written.
import { parse as parseToml, TomlError } from 'smol-toml';
import { SiteError } from '../errors.ts';
import { parseMarkdown } from '../load/load-content.ts';
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
}

/**
 * Reads a post's text: YAML front matter as the build reads it (same limits and errors), TOML
 * between `+++` lines, or none (undefined: the file is not a post).
 */
export function readPost(file: string, text: string): ReadPost | undefined {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/^\+\+\+[ \t]*\r?\n/.test(source)) return readTomlPost(file, source);
  if (!/^---/.test(source)) return undefined;
  const raw = parseMarkdown(file, source);
  // The body from the line after the closing fence, exactly as written.
  return { file, frontMatter: raw.frontMatter, frontMatterText: raw.frontMatterText, body: linesFrom(source, raw.bodyLine), bodyLine: raw.bodyLine };
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
  if (!close) throw new SiteError({ code: 'import.bad-front-matter', message: 'TOML front matter has no closing +++ line', hint: 'End the front matter with a line of just +++.', file, line: 1 });
  const toml = source.slice(start, start + close.index);
  if (toml.length > inputLimits.frontMatterBytes) {
    throw new SiteError({ code: 'import.bad-front-matter', message: `front matter is longer than the ${formatBytes(inputLimits.frontMatterBytes)} limit`, hint: 'Move long text into the body.', file, line: 1 });
  }
  let frontMatter: Record<string, unknown>;
  try {
    frontMatter = plain(parseToml(toml, { maxDepth: inputLimits.frontMatterDepth })) as Record<string, unknown>;
  } catch (error) {
    const at = error instanceof TomlError ? { line: error.line + 1, column: error.column } : { line: 1 };
    throw new SiteError({ code: 'import.bad-front-matter', message: `front matter is not valid TOML: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, hint: 'Fix the TOML at that place.', file, ...at, cause: error });
  }
  const bodyLine = toml.split('\n').length + 2;
  return { file, frontMatter, frontMatterText: toml, body: linesFrom(source, bodyLine), bodyLine };
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
