import path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';
import type { RawJson } from '../config/content-spec.ts';
import { SiteError } from '../errors.ts';
import { inputLimits } from '../input-limits.ts';
import { offsetToLineColumn } from '../shared/locate-field.ts';
import { ContentFiles, guardFile } from '../shared/read-content-file.ts';

/**
 * Reads and parses one JSON dataset, reporting a syntax error at its line and column. `files`
 * reads inside the content folder, by default the one holding `data/<name>.json`.
 */
export async function loadJson(
  name: string,
  file: string,
  files = new ContentFiles(contentRootOf(file)),
): Promise<RawJson> {
  return guardFile(file, () => parseJson(name, file, files.readText(file, 'jsonBytes')));
}

/** Parses a dataset's text; too deep a nesting is refused before parsing, as later steps recurse. */
export function parseJson(name: string, file: string, text: string): RawJson {
  // A byte-order mark, which some editors write, is not part of the JSON (as for Markdown files).
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const tooDeep = offsetBeyondDepth(source, inputLimits.jsonDepth);
  if (tooDeep !== undefined) {
    throw new SiteError({
      code: 'content.too-deep',
      message: `JSON nests more than ${inputLimits.jsonDepth} levels deep`,
      hint: 'Flatten the data.',
      file,
      ...offsetToLineColumn(source, tooDeep),
    });
  }
  try {
    return { name, file, source, value: JSON.parse(source) };
  } catch (error) {
    const { line, column } = locateJsonSyntaxError(source, error as Error);
    throw new SiteError({
      code: 'content.bad-json',
      message: `not valid JSON: ${(error as Error).message}`,
      file,
      line,
      column,
      cause: error,
    });
  }
}

/** Offset of the first `[` or `{` (outside strings) that opens level `depth + 1`, if any. */
function offsetBeyondDepth(source: string, depth: number): number | undefined {
  let level = 0;
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const char = source.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i++;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      if (++level > depth) return i;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      level--;
    }
  }
  return undefined;
}

/** Where the first syntax error is: from jsonc-parser, which reports an offset whatever Node's message says. */
function locateJsonSyntaxError(source: string, error: Error): { line?: number; column?: number } {
  const errors: ParseError[] = [];
  parse(source, errors, { allowTrailingComma: false, disallowComments: true });
  const position = errors[0]?.offset ?? Number(/position (\d+)/.exec(error.message)?.[1] ?? NaN);
  return Number.isNaN(position) ? {} : offsetToLineColumn(source, position);
}

/** The content folder of `content/data/<name>.json`. */
function contentRootOf(file: string): string {
  return path.dirname(path.dirname(file));
}
