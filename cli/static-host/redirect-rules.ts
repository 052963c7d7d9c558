// The one `_redirects` parser and matcher, shared by the dev server, the e2e server and the
// link checker: Netlify's format, splats, `:placeholders`, `!` (forced) and status codes.
import type { LinkOrigin } from '../render/link-origins.ts';
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
 * Parses Netlify's `_redirects` format: `from [query=params] to [status][!]`, `#` comments.
 * Rules that do not apply to every visitor are left out: 404 rules (the host's `404.html`
 * answers unknown paths) and rules with Country, Language or Role conditions. So are lines
 * that are not rules (a status such as `999` or `301!!`, a lone path): the file may be anyone's.
 */
export function parseRedirectsFile(text: string, file = '_redirects'): RedirectRule[] {
  const rules: RedirectRule[] = [];
  let line = 0;
  for (let start = 0; start <= text.length; line++) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const rule = parseLine(text.slice(start, end), file, line + 1);
    if (rule) rules.push(rule);
    start = end + 1;
  }
  return rules;
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

/** All declared redirects, matched the way the host matches them (trailing slash optional). */
export class RedirectTable {
  private readonly exact = new Map<string, RedirectRule>();
  private readonly patterns: RedirectRule[] = [];

  /** Adds a rule; a rule for a `from` already present only lends it its origin. */
  add(rule: RedirectRule): void {
    if (/[*:]/.test(rule.from)) {
      const pattern = compilePattern(rule.from);
      // A pattern the host model cannot match in linear time (a splat before the end) is left out.
      if (pattern) this.patterns.push({ ...rule, pattern });
      return;
    }
    const key = routeKey(rule.from);
    const existing = this.exact.get(key);
    if (!existing) this.exact.set(key, rule);
    else if (!existing.declared.origin && rule.declared.origin) existing.declared.origin = rule.declared.origin;
  }

  /** Every literal rule, for validating each declaration once. */
  rules(): RedirectRule[] {
    return [...this.exact.values()];
  }

  get size(): number {
    return this.exact.size + this.patterns.length;
  }

  /** The rule for a decoded site path and its target with placeholders filled in. */
  match(path: string): { rule: RedirectRule; to: string } | undefined {
    const rule = this.exact.get(routeKey(path));
    if (rule) return { rule, to: rule.to };
    for (const candidate of this.patterns) {
      const { regex, names } = candidate.pattern!;
      const m = regex.exec(path);
      if (!m) continue;
      const values = new Map<string, string>();
      names.forEach((name, i) => values.has(name) || values.set(name, m[i + 1]!));
      const to = candidate.to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => values.get(name) ?? whole);
      return { rule: candidate, to };
    }
    return undefined;
  }
}

/** The rules of a `_redirects` text, ready to match. */
export function redirectTableOf(text: string): RedirectTable {
  const table = new RedirectTable();
  for (const rule of parseRedirectsFile(text)) table.add(rule);
  return table;
}

/**
 * `/blog/:slug/*` → an anchored regex with one positional group per placeholder and `splat`
 * for a final `*`. Placeholder names may be anything (`:a.b`, `:1`, a repeated name): they
 * become lookup keys, never group names. `undefined` for a `*` before the last segment: only a
 * final splat keeps the match linear (each placeholder stops at the next `/`).
 */
function compilePattern(from: string): RedirectPattern | undefined {
  const segments = routeKey(from).split('/');
  const names: string[] = [];
  const body = segments.map((segment, index) => {
    if (segment === '*') {
      if (index !== segments.length - 1) return undefined;
      names.push('splat');
      return '([\\s\\S]*)';
    }
    if (segment.startsWith(':')) {
      names.push(segment.slice(1).replace(/\W/g, '_'));
      return '([^/]+)';
    }
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  if (body.includes(undefined)) return undefined;
  return { regex: new RegExp(`^${body.join('/')}/?$`), names };
}
