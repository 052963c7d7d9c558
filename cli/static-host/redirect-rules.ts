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
  pattern?: RegExp;
}

const usableStatus = new Set([200, 301, 302, 303, 307, 308]);

/**
 * Parses Netlify's `_redirects` format: `from [query=params] to [status][!]`, `#` comments.
 * Rules that do not apply to every visitor are left out: 404 rules (the host's `404.html`
 * answers unknown paths) and rules with Country, Language or Role conditions.
 */
export function parseRedirectsFile(text: string, file = '_redirects'): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split('\n').forEach((raw, index) => {
    // `#` starts a comment only at a token start: `/to#fragment` keeps its fragment.
    const line = raw.replace(/(^|\s)#.*$/, '').trimEnd();
    const tokens = [...line.matchAll(/\S+/g)];
    if (tokens.length < 2) return;
    const from = tokens[0][0];
    const toIndex = tokens.findIndex((t, i) => i > 0 && !t[0].includes('='));
    if (toIndex === -1) return;
    const to = tokens[toIndex];
    const statusToken = tokens[toIndex + 1]?.[0] ?? '301';
    const status = Number.parseInt(statusToken, 10);
    // Country/Language/Role conditions make a rule apply only to some visitors; it cannot vouch for a link.
    if (!usableStatus.has(status) || tokens.length > toIndex + 2 || toIndex > 1) return;
    rules.push({
      from, to: to[0], status, force: statusToken.endsWith('!'),
      declared: { file, line: index + 1, column: (to.index ?? 0) + 1, attribute: '_redirects' },
    });
  });
  return rules;
}

/** All declared redirects, matched the way the host matches them (trailing slash optional). */
export class RedirectTable {
  private readonly exact = new Map<string, RedirectRule>();
  private readonly patterns: RedirectRule[] = [];

  /** Adds a rule; a rule for a `from` already present only lends it its origin. */
  add(rule: RedirectRule): void {
    if (/[*:]/.test(rule.from)) {
      this.patterns.push({ ...rule, pattern: compilePattern(rule.from) });
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
      const m = candidate.pattern!.exec(path);
      if (!m) continue;
      const groups = m.groups ?? {};
      const to = candidate.to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => groups[name] ?? whole);
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

/** `/blog/:slug/*` → a regex with named groups; `*` becomes the `splat` group. */
function compilePattern(from: string): RegExp {
  const body = routeKey(from)
    .split('/')
    .map((segment) => {
      if (segment === '*') return '(?<splat>.*)';
      if (segment.startsWith(':')) return `(?<${segment.slice(1).replace(/\W/g, '_')}>[^/]+)`;
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${body}/?$`);
}
