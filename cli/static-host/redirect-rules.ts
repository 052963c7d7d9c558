// The one `_redirects` parser, shared by the dev server, the e2e server and the link checker:
// Netlify's format, splats, `:placeholders`, `!` (forced) and status codes (redirect-table.ts matches them).
import type { LinkOrigin } from '../render/link-origins.ts';

/** Where a redirect is declared, so a bad one can be reported at its source. */
export interface Declaration {
  file: string;
  line: number;
  column: number;
  attribute: string;
  origin?: LinkOrigin;
}

/** A redirect or rewrite rule from `_redirects` or the route manifest. */
export interface RedirectRule {
  from: string;
  to: string;
  /** 3xx for redirects, 200 for rewrites, which serve the target without a visible redirect. */
  status: number;
  /** Netlify's `!`: applies even when a file exists at `from`. */
  force: boolean;
  declared: Declaration;
  pattern?: RedirectPattern;
}

/** A compiled `from` with placeholders: the regex and the name of each of its groups. */
export interface RedirectPattern {
  regex: RegExp;
  names: string[];
}

const usableStatus = new Set([200, 301, 302, 303, 307, 308]);
/** A rule has at most `from`, one condition or query, `to` and a status: one token more shows it has too many. */
const tokensNeeded = 5;

/**
 * Rules with a placeholder or splat that one `_redirects` file may hold; later ones are not read.
 * A literal rule is one hash lookup however many there are, but a pattern rule is one more thing
 * a path may match: a generated file of them (a hostile pull request) must not make each link,
 * or each `preview` request, cost without bound. Hosts cap them more tightly still (Cloudflare
 * Pages allows 100); this limit is far above what a hand-kept file holds, and check-links
 * reports a file over it (`links.too-many-redirect-rules`) rather than judge links against
 * part of it unawares. Literal rules are not capped: the file's size limit bounds them.
 */
export const patternRuleLimit = 10_000;

/** Whether a rule's `from` has a placeholder or splat, so it is matched as a pattern. */
export const isPatternFrom = (from: string): boolean => /[*:]/.test(from);

/** What reading a `_redirects` text found: the rules read, and any pattern rules left out. */
export interface RedirectsRead {
  rules: RedirectRule[];
  /** Set when the text has more pattern rules than `patternRuleLimit`: the line of the first left out, and how many were. */
  overLimit?: { line: number; leftOut: number };
}

/**
 * Parses Netlify's `_redirects` format: `from [query=params] to [status][!]`, `#` comments.
 * Rules that do not apply to every visitor are left out: 404 rules (the host's `404.html`
 * answers unknown paths) and rules with Country, Language or Role conditions. So are lines
 * that are not rules (a status such as `999` or `301!!`, a lone path): the file may be anyone's.
 * Pattern rules past `patternRuleLimit` are left out too, and counted in `overLimit`.
 */
export function readRedirectsFile(text: string, file = '_redirects'): RedirectsRead {
  const rules: RedirectRule[] = [];
  let patterns = 0;
  let overLimit: RedirectsRead['overLimit'];
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const rule = parseLine(text.slice(start, end), file, line + 1);
    start = end + 1;
    if (!rule) continue;
    if (isPatternFrom(rule.from) && ++patterns > patternRuleLimit) {
      overLimit ??= { line: line + 1, leftOut: 0 };
      overLimit.leftOut++;
    } else rules.push(rule);
  }
  return overLimit ? { rules, overLimit } : { rules };
}

/** The rules of a `_redirects` text (see `readRedirectsFile`). */
export function parseRedirectsFile(text: string, file = '_redirects'): RedirectRule[] {
  return readRedirectsFile(text, file).rules;
}

function parseLine(raw: string, file: string, line: number): RedirectRule | undefined {
  const tokens = tokensOf(raw);
  if (tokens.length < 2) return undefined;
  const from = tokens[0].text;
  const toIndex = tokens.findIndex((t, i) => i > 0 && !t.text.includes('='));
  if (toIndex === -1) return undefined;
  const to = tokens[toIndex];
  const statusToken = tokens[toIndex + 1]?.text ?? '301';
  const force = statusToken.endsWith('!');
  const digits = force ? statusToken.slice(0, -1) : statusToken;
  const status = /^\d{3}$/.test(digits) ? Number(digits) : NaN;
  // Country/Language/Role conditions make a rule apply only to some visitors; it cannot vouch for a link.
  if (!usableStatus.has(status) || tokens.length > toIndex + 2 || toIndex > 1) return undefined;
  return { from, to: to.text, status, force, declared: { file, line, column: to.index + 1, attribute: '_redirects' } };
}

/**
 * The first whitespace-separated tokens of a line, up to a comment: `#` starts one only at a
 * token start, so `/to#fragment` keeps its fragment. Stops after `tokensNeeded`, however long the line.
 */
function tokensOf(line: string): { text: string; index: number }[] {
  const tokens: { text: string; index: number }[] = [];
  const pattern = /\S+/g;
  for (let match = pattern.exec(line); match && tokens.length < tokensNeeded; match = pattern.exec(line)) {
    if (match[0].startsWith('#')) break;
    tokens.push({ text: match[0], index: match.index });
  }
  return tokens;
}
