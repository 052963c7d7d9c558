/**
 * Deepest nesting a Markdown body may have: blockquotes and lists inside each other, and
 * emphasis inside emphasis. Parsing and rendering cost grows faster than the nesting (10,000
 * nested `- ` never finished) and the tree is walked recursively, so deep nesting also overflows
 * the stack. Real posts stay under ten levels.
 */
export const maxNestingDepth = 100;

/**
 * Most lines a body may have that open a container inside another (`- - x`, `> - x`, an
 * indented list item). micromark's cost grows with the square of their number (2,000 such
 * lines took 4 to 8 s, 1,000 about 1 s on a busy 2-core machine) however shallow each is; a
 * real post has a few dozen.
 */
export const maxNestedContainerLines = 500;

/** Where a body first goes past a limit, found before parsing: its 1-based line in the body. */
export interface TooDeep {
  line: number;
  column: number;
  kind: 'blocks' | 'emphasis' | 'nested-lines';
}

/**
 * Finds the first line that may nest deeper than `maxNestingDepth`, in one pass over the text.
 * It over-estimates (what cannot be known before parsing counts as nesting), so that anything
 * deeper than the limit is always caught: block depth is the number of `>` and list markers
 * starting a line plus half the indentation before the first; emphasis depth is the number of
 * `*`, `_` and `~` that may open emphasis and have not yet been closed within one paragraph.
 */
export function findTooDeep(
  markdown: string,
  limit = maxNestingDepth,
  nestedLineLimit = maxNestedContainerLines,
): TooDeep | undefined {
  let open = 0;
  let lineNumber = 0;
  let nestedLines = 0;
  for (let start = 0; start <= markdown.length;) {
    const end = lineEnd(markdown, start);
    lineNumber += 1;
    const blocks = blockDepth(markdown, start, end);
    if (blocks > limit) return { line: lineNumber, column: 1, kind: 'blocks' };
    if (blocks >= 2 && ++nestedLines > nestedLineLimit) return { line: lineNumber, column: 1, kind: 'nested-lines' };
    if (isBlank(markdown, start, end)) open = 0;
    for (let i = start; i < end;) {
      const char = markdown.charCodeAt(i);
      if (char !== 42 && char !== 95 && char !== 126) {
        i += 1;
        continue;
      }
      let run = i;
      while (run < end && markdown.charCodeAt(run) === char) run += 1;
      const opens = !isSpace(markdown.charCodeAt(run));
      const closes = i > start && !isSpace(markdown.charCodeAt(i - 1));
      if (opens && !closes) open += run - i;
      else if (closes && !opens) open = Math.max(0, open - (run - i));
      if (open > limit) return { line: lineNumber, column: i - start + 1, kind: 'emphasis' };
      i = run;
    }
    start = end + 1;
  }
  return undefined;
}

/** Index of the `\n` ending the line that starts at `start`, or the length of the text. */
function lineEnd(text: string, start: number): number {
  const newline = text.indexOf('\n', start);
  return newline === -1 ? text.length : newline;
}

function isSpace(char: number): boolean {
  return Number.isNaN(char) || char === 32 || char === 9 || char === 10 || char === 13;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Container markers (`>`, `-`, `*`, `+`, `1.`, `1)`) opening the line, plus half the columns of indentation before
 * them.
 */
function blockDepth(text: string, start: number, end: number): number {
  let depth = 0;
  let columns = 0;
  let i = start;
  while (i < end) {
    const char = text.charCodeAt(i);
    if (char === 32 || char === 9) {
      // Indentation before the first marker nests by columns; spaces after a marker belong to it.
      if (depth === 0) columns += char === 9 ? 4 : 1;
      i += 1;
    } else if (char === 62) {
      depth += 1;
      i += 1;
    } else if ((char === 45 || char === 42 || char === 43) && (i + 1 === end || isSpace(text.charCodeAt(i + 1)))) {
      depth += 1;
      i += 1;
    } else {
      let digit = i;
      while (digit < end && digit - i < 9 && text.charCodeAt(digit) >= 48 && text.charCodeAt(digit) <= 57) digit += 1;
      const marker = text.charCodeAt(digit);
      if (
        digit === i ||
        (marker !== 46 && marker !== 41) ||
        !(digit + 1 === end || isSpace(text.charCodeAt(digit + 1)))
      )
        break;
      depth += 1;
      i = digit + 1;
    }
  }
  return depth === 0 ? 0 : depth + Math.floor(columns / 2);
}
