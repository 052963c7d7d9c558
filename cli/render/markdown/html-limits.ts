import { foreignContent, Tokenizer, TokenizerMode, type Token } from 'parse5';

/**
 * Elements written in HTML that may be open at once inside a Markdown body (Markdown's own lists and quotes have their
 * limit too).
 */
export const maxHtmlDepth = 100;

/** Formatting elements (`<b>`, `<i>`, `<a>`…) written in HTML that may be left open at once. */
export const maxOpenFormatting = 20;

/** What the structure check found wrong in the HTML of a body, at the tag (or comment) concerned. */
export interface HtmlStructureProblem {
  /** Nested too deep; too many formatting elements open at once; an element or a comment never closed. */
  kind: 'depth' | 'formatting' | 'unclosed' | 'unclosed-comment';
  /** The element concerned (`!--` for a comment). */
  tagName: string;
  line: number;
  column: number;
}

/** A piece of raw HTML of a body: its text and where it starts in the body. */
export interface RawHtmlPiece {
  value: string;
  line: number;
  column: number;
}

interface OpenElement {
  name: string;
  line: number;
  column: number;
}

const voidElements = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'image',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose end tag HTML lets an author leave out: the parser closes them at the next sibling or block. */
const optionalEndTag = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'rb',
  'rt',
  'rtc',
  'rp',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'colgroup',
  'caption',
  'html',
  'head',
  'body',
]);

/**
 * The formatting elements of the HTML parsing algorithm: kept in its list of active formatting elements until their own
 * end tag.
 */
const formattingElements = new Set([
  'a',
  'b',
  'big',
  'code',
  'em',
  'font',
  'i',
  'nobr',
  's',
  'small',
  'strike',
  'strong',
  'tt',
  'u',
]);

/** Elements an end tag cannot reach past (the parser's "has an element in scope"); table parts look in table scope. */
const scopeBoundaries = new Set([
  'applet',
  'caption',
  'html',
  'table',
  'td',
  'th',
  'marquee',
  'object',
  'template',
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);
const tableParts = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup']);
const tableScopeBoundaries = new Set(['html', 'table', 'template']);

/**
 * Elements whose content the tokenizer reads as text, as the tree builder switches it (scripting off, as hast-util-raw
 * parses).
 */
const textModes: Record<string, (typeof TokenizerMode)[keyof typeof TokenizerMode]> = {
  title: TokenizerMode.RCDATA,
  textarea: TokenizerMode.RCDATA,
  style: TokenizerMode.RAWTEXT,
  xmp: TokenizerMode.RAWTEXT,
  iframe: TokenizerMode.RAWTEXT,
  noembed: TokenizerMode.RAWTEXT,
  noframes: TokenizerMode.RAWTEXT,
  script: TokenizerMode.SCRIPT_DATA,
  plaintext: TokenizerMode.PLAINTEXT,
};

/**
 * Checked before the HTML of a body is parsed (hast-util-raw runs the HTML parsing algorithm,
 * parse5, over the whole body, Markdown's elements included).
 *
 * Two things in that algorithm cost more than the input's length:
 * - depth: every element left open nests what follows, and the tree is walked recursively
 *   afterwards, so 100,000 unclosed `<div>`s overflow the stack;
 * - formatting elements left open: the parser copies each of them into every later paragraph
 *   (reconstructing the active formatting elements), so n of them over n paragraphs make n²
 *   elements: 2,000 `<p><b class=…>x</p>` took seconds and made two million nodes.
 * And one thing loses or changes what follows without a word: an element never closed takes the
 * rest of the body in: a `<textarea>`, `<script>` or `<style>` (removed with all it holds), an
 * `<a>` (every later paragraph becomes its link), a `<b>`; an unclosed `<!--` hides the rest.
 *
 * This pass reads the same tags with parse5's tokenizer and keeps a cautious model of the
 * parser's stack: an end tag closes only what is in scope, nothing closes implicitly, and
 * foreign content (SVG, MathML) ends at the tags that make the parser leave it. It can only
 * count more open elements than the parser has, never fewer. Elements whose end tag HTML makes
 * optional (`<p>`, `<li>`, `<td>`…) may stay open, and so may those `closing` says do not matter
 * (an element the sanitizer unwraps, such as `<Component />` written in prose, loses nothing
 * when it takes in the rest). One pass: linear in the HTML.
 */
export function checkHtmlStructure(
  pieces: readonly RawHtmlPiece[],
  closing: { matters(tagName: string): boolean },
): HtmlStructureProblem | undefined {
  const stack = new ParserStack();
  for (const piece of pieces) {
    readPiece(piece, stack);
    if (stack.found) return stack.found;
  }
  return stack.firstUnclosed(closing);
}

/** The mode the tokenizer reads an element's content in, when it reads it as text. */
type TextMode = (typeof TokenizerMode)[keyof typeof TokenizerMode];

/** Reads the tags and comments of one piece of raw HTML into the model of the parser's stack. */
function readPiece(piece: RawHtmlPiece, stack: ParserStack): void {
  const at = (location: Token.Location) => ({
    line: piece.line + location.startLine - 1,
    column: location.startLine === 1 ? piece.column + location.startCol - 1 : location.startCol,
  });
  const onStartTag = (token: Token.TagToken) => {
    if (stack.found) return;
    const mode = stack.start(token, { name: token.tagName, ...at(token.location!) });
    if (mode === undefined) return;
    tokenizer.state = mode;
    tokenizer.lastStartTagName = token.tagName;
  };
  const onComment = (token: Token.CommentToken) => {
    const location = token.location!;
    // A comment the input ends inside has no `>` to end it: micromark then made the rest of the
    // body one HTML block.
    if (!stack.found && !piece.value.slice(location.startOffset, location.endOffset).endsWith('>'))
      stack.found = { kind: 'unclosed-comment', tagName: '!--', ...at(location) };
  };
  const ignore = () => undefined;
  const tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onStartTag,
      onEndTag: (token) => stack.end(token.tagName),
      onComment,
      onDoctype: ignore,
      onCharacter: ignore,
      onNullCharacter: ignore,
      onWhitespaceCharacter: ignore,
      onEof: ignore,
    },
  );
  tokenizer.write(piece.value, true);
}

/**
 * The cautious model of the parser's stack of open elements (see `checkHtmlStructure`), and the
 * first problem it met.
 */
class ParserStack {
  found: HtmlStructureProblem | undefined;
  private readonly open: OpenElement[] = [];
  private readonly formatting: OpenElement[] = [];
  private foreign = 0;

  /** Opens the element of a start tag; answers the mode its content is read in, when that is text. */
  start(token: Token.TagToken, element: OpenElement): TextMode | undefined {
    const { name } = element;
    if (this.foreign > 0 && foreignContent.causesExit(token)) {
      while (this.foreign > 0) if (isForeignRoot(this.open.pop()!.name)) this.foreign -= 1;
    }
    if (this.foreign > 0 && token.selfClosing) return undefined;
    let mode: TextMode | undefined;
    if (name === 'svg' || name === 'math') this.foreign += 1;
    else if (this.foreign === 0) {
      if (voidElements.has(name)) return undefined;
      mode = textModes[name];
      if (formattingElements.has(name)) {
        this.formatting.push(element);
        if (this.formatting.length > maxOpenFormatting) {
          this.found = { kind: 'formatting', tagName: name, line: element.line, column: element.column };
          return mode;
        }
      }
    }
    this.open.push(element);
    if (this.open.length > maxHtmlDepth)
      this.found = { kind: 'depth', tagName: name, line: element.line, column: element.column };
    return mode;
  }

  /** Closes what an end tag closes: the element of its name when it is in scope, and what it holds. */
  end(name: string): void {
    for (let index = this.formatting.length - 1; index >= 0; index--) {
      if (this.formatting[index]!.name !== name) continue;
      this.formatting.splice(index, 1);
      break;
    }
    const boundaries = tableParts.has(name) ? tableScopeBoundaries : scopeBoundaries;
    for (let depth = this.open.length - 1; depth >= 0; depth--) {
      if (this.open[depth]!.name === name) {
        for (const closed of this.open.splice(depth)) if (isForeignRoot(closed.name)) this.foreign -= 1;
        return;
      }
      if (boundaries.has(this.open[depth]!.name)) return;
    }
  }

  /** The first element left open, in the order of the text, whose end tag is not optional and matters. */
  firstUnclosed(closing: { matters(tagName: string): boolean }): HtmlStructureProblem | undefined {
    const unclosed = [...this.open, ...this.formatting]
      .filter((element) => !optionalEndTag.has(element.name) && closing.matters(element.name))
      .sort((a, b) => a.line - b.line || a.column - b.column)[0];
    return unclosed && { kind: 'unclosed', tagName: unclosed.name, line: unclosed.line, column: unclosed.column };
  }
}

function isForeignRoot(name: string): boolean {
  return name === 'svg' || name === 'math';
}
