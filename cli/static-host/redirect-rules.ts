// The one `_redirects` parser, shared by the dev server, the e2e server and the link checker:
// Netlify's format, splats, `:placeholders`, `!` (forced) and status codes (redirect-table.ts matches them).
import type { LinkOrigin } from '../shared/link-origins.ts';
import { routeKey } from './site-paths.ts';

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

/**
 * Segments a pattern rule's `from` may have (`/a/:b/*` has three); a longer one is left out. A
 * path meets each state of the rules' trie it reaches (cli/static-host/redirect-table.ts), and
 * after n segments that mix literals and placeholders it can be at up to 2^n of its nodes: the
 * limit bounds what a path can cost. Old addresses of real sites have a handful of segments.
 */
export const patternSegmentLimit = 12;

/** Whether a rule's `from` has a placeholder or splat, so it is matched as a pattern. */
export const isPatternFrom = (from: string): boolean => /[*:]/.test(from);

/**
 * What Netlify and Cloudflare Pages document of a `_redirects` file. Cloudflare Pages takes at
 * most 2,000 static rules and 100 dynamic ones (with a placeholder or splat), each line of at most
 * 1,000 characters; Netlify recommends placeholders and splats over 10,000 rules or more, and may
 * fail a deploy whose rules are too large.
 */
export const hostRedirectLimits = Object.freeze({
  staticRules: 2_000,
  dynamicRules: 100,
  lineCharacters: 1_000,
  netlifyRules: 10_000,
});

/**
 * Something of a `_redirects` text a host would cut or refuse, or the checker leaves out: the line
 * it starts at, and what.
 */
export interface RedirectsNote {
  line: number;
  message: string;
}

/** What reading a `_redirects` text found: the rules read, and any pattern rules left out. */
export interface RedirectsRead {
  rules: RedirectRule[];
  /**
   * Set when the text has more pattern rules than `patternRuleLimit`: the line of the first left
   * out, and how many were.
   */
  overLimit?: { line: number; leftOut: number };
  /**
   * Where the text goes past what the hosts document (`hostRedirectLimits`), or has rules too long
   * to match (`patternSegmentLimit`).
   */
  notes: RedirectsNote[];
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
  const tally = new HostTally();
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const rule = parseLine(text.slice(start, end), file, line + 1);
    const length = end - start;
    start = end + 1;
    if (!rule) continue;
    tally.count(rule, line + 1, length);
    if (isPatternFrom(rule.from) && ++patterns > patternRuleLimit) {
      overLimit ??= { line: line + 1, leftOut: 0 };
      overLimit.leftOut++;
    } else rules.push(rule);
  }
  return { rules, ...(overLimit ? { overLimit } : {}), notes: tally.notes() };
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

/**
 * Counts a `_redirects` file's rules against `hostRedirectLimits` and `patternSegmentLimit`, noting
 * where each is first passed.
 */
class HostTally {
  private staticRules = 0;
  private dynamicRules = 0;
  private readonly found: RedirectsNote[] = [];
  private longLines?: { line: number; count: number };
  private longPatterns?: { line: number; count: number };

  count(rule: RedirectRule, line: number, length: number): void {
    const limits = hostRedirectLimits;
    const dynamic = isPatternFrom(rule.from);
    if (dynamic && ++this.dynamicRules === limits.dynamicRules + 1) {
      this.found.push({
        line,
        message: `the ${ordinal(this.dynamicRules)} rule with a placeholder or splat: Cloudflare Pages takes ${limits.dynamicRules} such rules at most`,
      });
    }
    if (!dynamic && ++this.staticRules === limits.staticRules + 1) {
      this.found.push({
        line,
        message: `the ${ordinal(this.staticRules)} rule without a placeholder or splat: Cloudflare Pages takes ${limits.staticRules.toLocaleString('en-US')} such rules at most`,
      });
    }
    if (this.staticRules + this.dynamicRules === limits.netlifyRules) {
      this.found.push({
        line,
        message: `the ${ordinal(limits.netlifyRules)} rule: Netlify asks sites with this many to use placeholders and splats instead, and may fail a deploy whose rules are too large`,
      });
    }
    if (length > limits.lineCharacters)
      this.longLines = { line: this.longLines?.line ?? line, count: (this.longLines?.count ?? 0) + 1 };
    if (dynamic && segmentsOf(rule.from) > patternSegmentLimit)
      this.longPatterns = { line: this.longPatterns?.line ?? line, count: (this.longPatterns?.count ?? 0) + 1 };
  }

  notes(): RedirectsNote[] {
    const notes = [...this.found];
    const more = (count: number, what: string) =>
      count > 1 ? ` (and ${(count - 1).toLocaleString('en-US')} more ${what})` : '';
    if (this.longLines) {
      notes.push({
        line: this.longLines.line,
        message: `a rule longer than ${hostRedirectLimits.lineCharacters.toLocaleString('en-US')} characters, which Cloudflare Pages does not take${more(this.longLines.count, 'such lines')}`,
      });
    }
    if (this.longPatterns) {
      notes.push({
        line: this.longPatterns.line,
        message: `a rule with a placeholder or splat and more than ${patternSegmentLimit} segments, which the link checker and preview leave out${more(this.longPatterns.count, 'such rules')}`,
      });
    }
    return notes.sort((a, b) => a.line - b.line);
  }
}

/** The segments of a rule's `from`, a trailing slash aside: `/a/:b/*` has three. */
export function segmentsOf(from: string): number {
  const key = routeKey(from);
  let count = 0;
  for (let at = key.indexOf('/'); at !== -1; at = key.indexOf('/', at + 1)) count++;
  return count;
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n.toLocaleString('en-US')}${suffix}`;
}
