import { foreignContent, Tokenizer, TokenizerMode, type Token } from 'parse5';

/** Elements written in HTML that may be open at once inside a Markdown body (Markdown's own lists and quotes have their limit too). */
export const maxHtmlDepth = 100;

/** Formatting elements (`<b>`, `<i>`, `<a>`…) written in HTML that may be left open at once. */
export const maxOpenFormatting = 20;

/** Where the HTML of a body goes past a limit, and which. */
export interface HtmlTooDeep {
  kind: 'depth' | 'formatting';
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

const voidElements = new Set(['area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'image', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

/** The formatting elements of the HTML parsing algorithm: kept in its list of active formatting elements until their own end tag. */
const formattingElements = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);

/** Elements an end tag cannot reach past (the parser's "has an element in scope"). */
const scopeBoundaries = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template', 'mi', 'mo', 'mn', 'ms', 'mtext', 'annotation-xml', 'foreignObject', 'desc', 'title']);

/** Elements whose content the tokenizer reads as text, as the tree builder switches it (scripting off, as hast-util-raw parses). */
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
 * parse5, over the whole body). Two things in that algorithm cost more than the input's length:
 * - depth: every element left open nests what follows, and the tree is walked recursively
 *   afterwards, so 100,000 unclosed `<div>`s overflow the stack;
 * - formatting elements left open: the parser copies each of them into every later paragraph
 *   (reconstructing the active formatting elements), so n of them over n paragraphs make n²
 *   elements: 2,000 `<p><b class=…>x</p>` took seconds and made two million nodes.
 * This pass reads the same tags with parse5's tokenizer and keeps a cautious model of the
 * parser's stack: an end tag closes only what is in scope, nothing closes implicitly, and
 * foreign content (SVG, MathML) ends at the tags that make the parser leave it. It can only
 * count more open elements than the parser has, never fewer. One pass: linear in the HTML.
 */
export function findHtmlTooDeep(pieces: readonly RawHtmlPiece[]): HtmlTooDeep | undefined {
  const open: string[] = [];
  const formatting: string[] = [];
  let foreign = 0;
  let found: HtmlTooDeep | undefined;
  for (const piece of pieces) {
    const at = (token: Token.TagToken) => {
      const location = token.location!;
      return { line: piece.line + location.startLine - 1, column: location.startLine === 1 ? piece.column + location.startCol - 1 : location.startCol };
    };
    let tokenizer: Tokenizer;
    const onStartTag = (token: Token.TagToken) => {
      if (found) return;
      const name = token.tagName;
      if (foreign > 0 && foreignContent.causesExit(token)) {
        while (foreign > 0) if (isForeignRoot(open.pop()!)) foreign -= 1;
      }
      if (foreign > 0 && token.selfClosing) return;
      if (name === 'svg' || name === 'math') foreign += 1;
      else if (foreign === 0) {
        if (voidElements.has(name)) return;
        const mode = textModes[name];
        if (mode !== undefined) {
          tokenizer.state = mode;
          tokenizer.lastStartTagName = name;
        }
        if (formattingElements.has(name)) {
          formatting.push(name);
          if (formatting.length > maxOpenFormatting) {
            found = { kind: 'formatting', tagName: name, ...at(token) };
            return;
          }
        }
      }
      open.push(name);
      if (open.length > maxHtmlDepth) found = { kind: 'depth', tagName: name, ...at(token) };
    };
    const onEndTag = (token: Token.TagToken) => {
      const name = token.tagName;
      const index = formatting.lastIndexOf(name);
      if (index >= 0) formatting.splice(index, 1);
      for (let depth = open.length - 1; depth >= 0; depth--) {
        if (open[depth] === name) {
          for (const closed of open.splice(depth)) if (isForeignRoot(closed)) foreign -= 1;
          return;
        }
        if (scopeBoundaries.has(open[depth]!)) return;
      }
    };
    const ignore = () => undefined;
    tokenizer = new Tokenizer({ sourceCodeLocationInfo: true }, {
      onStartTag, onEndTag, onComment: ignore, onDoctype: ignore, onCharacter: ignore, onNullCharacter: ignore, onWhitespaceCharacter: ignore, onEof: ignore,
    });
    tokenizer.write(piece.value, true);
    if (found) return found;
  }
  return undefined;
}

function isForeignRoot(name: string): boolean {
  return name === 'svg' || name === 'math';
}
