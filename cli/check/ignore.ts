/** Tests whether an href (as written, or as resolved) should be skipped. */
export type IgnoreMatcher = (...candidates: string[]) => boolean;

/**
 * Compiles `--ignore` patterns: `/regex/flags` is a regular expression; a pattern with `*`
 * is a glob over the whole href (`*` matches anything); anything else is a prefix.
 */
export function compileIgnore(patterns: readonly string[] = []): IgnoreMatcher {
  if (patterns.length === 0) return () => false;
  const tests = patterns.map(compilePattern);
  return (...candidates) => candidates.some((candidate) => tests.some((test) => test(candidate)));
}

function compilePattern(pattern: string): (href: string) => boolean {
  const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (regex) {
    const compiled = new RegExp(regex[1], regex[2]);
    return (href) => compiled.test(href);
  }
  if (pattern.includes('*')) return globMatcher(pattern);
  return (href) => href.startsWith(pattern);
}

/**
 * A `*` glob over the whole href, matched part by part with `indexOf` (leftmost fit is enough
 * when `*` is the only wildcard): a `^a.*b.*c$` regex would backtrack polynomially on a long href.
 */
function globMatcher(pattern: string): (href: string) => boolean {
  const parts = pattern.split('*');
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  return (href) => {
    if (href.length < first.length + last.length || !href.startsWith(first) || !href.endsWith(last)) return false;
    const end = href.length - last.length;
    let at = first.length;
    for (let i = 1; i < parts.length - 1; i++) {
      const found = href.indexOf(parts[i]!, at);
      if (found === -1 || found + parts[i]!.length > end) return false;
      at = found + parts[i]!.length;
    }
    return true;
  };
}

/** Whether a pattern is usable; returns a message for the command to print when not. */
export function validateIgnore(pattern: string): string | undefined {
  if (pattern === '') return 'an --ignore pattern cannot be empty';
  const regex = /^\/(.+)\/([a-z]*)$/.exec(pattern);
  if (!regex) return undefined;
  try {
    new RegExp(regex[1], regex[2]);
    return undefined;
  } catch (error) {
    return `--ignore ${pattern} is not a valid regular expression: ${(error as Error).message}`;
  }
}
