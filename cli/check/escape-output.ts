// File names, hrefs and reasons in a report come from the checked folder, which may be anyone's.
// CI runners read every line a step prints for workflow commands (`::add-mask::`, `::error`,
// the older `##[…]`), so a newline in a file name must never start a line of its own.

/** Line breaks, other C0 and C1 controls, DEL, and the bidirectional overrides that can disguise text. */
const unprintable = /[\u0000-\u0008\u000A-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;
const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\u001B': '\\e' };

/** `text` with every control character written as an escape (`\n`, `\x07`, `\u202e`); tabs stay. */
export function printable(text: string): string {
  return text.replace(
    unprintable,
    (c) => named[c] ?? (c.charCodeAt(0) < 0x100 ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`),
  );
}

/**
 * One line of plain output, safe to print in CI: controls escaped, and neither a leading `::`
 * (after the indentation the runner ignores) nor a `##[` anywhere left to read as a command.
 */
export function safeLine(line: string): string {
  let text = printable(line);
  if (text.trimStart().startsWith('::')) text = text.replace('::', '\\x3a:');
  return text.includes('##[') ? text.split('##[').join('##\\x5b') : text;
}

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');
