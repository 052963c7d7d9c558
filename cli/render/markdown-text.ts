// Text written into Markdown the build or a site makes (a page's Markdown copy, llms.txt): shown
// as it is, whatever characters it holds. No Node imports: a site's code builds its copies with it.

/**
 * Text as Markdown that shows it as it is, on one line: its whitespace runs made one space, and
 * every character that could start emphasis, code, a link, HTML, a character reference or a
 * heading's closing `#`s escaped.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>&!~#|]/g, '\\$&');
}

/** A link in Markdown: its text shown as it is, its URL as a destination the parser reads whole. */
export function markdownLink(text: string, url: string): string {
  return `[${markdownText(text)}](${markdownDestination(url)})`;
}

/**
 * A URL as a link's destination: in `<…>` when it holds a space or an angle bracket, else bare;
 * what could end it or be read as an escape or a character reference is escaped.
 */
export function markdownDestination(url: string, angled = false): string {
  const references = (text: string) => text.replace(/&(?=#?\w+;)/g, '\\&');
  if (angled || /[\s<>]/.test(url)) return `<${references(url.replace(/[\\<>]/g, '\\$&'))}>`;
  return references(url.replace(/[\\()]/g, '\\$&'));
}
