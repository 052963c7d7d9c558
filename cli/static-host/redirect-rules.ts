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

/** A pattern rule and its place among the pattern rules, in the order they were added. */
interface IndexedRule {
  rule: RedirectRule & { pattern: RedirectPattern };
  order: number;
}

/**
 * A node of the pattern index: one per distinct run of leading `from` segments. Of the rules
 * whose segments end here, only the first added is kept: a later one with the same segments
 * matches the same paths, so it can never be the first match.
 */
interface PatternNode {
  /** Children by the literal text of the next segment. */
  literal?: Map<string, PatternNode>;
  /** The child for a `:placeholder` next segment, which takes any non-empty segment. */
  placeholder?: PatternNode;
  /** The first rule whose segments end at this node. */
  end?: IndexedRule;
  /** The first rule whose segments up to this node are followed by a final `*`. */
  splat?: IndexedRule;
}

/**
 * All declared redirects, matched the way the host matches them (trailing slash optional): a
 * literal rule for the path first, then the first pattern rule, in the order added, that
 * matches. Pattern rules are indexed by their segments, so a path is compared only with the
 * rules whose literal segments it has rather than with every rule in turn. (Rules putting
 * literals and placeholders at the same depths make a walk follow both; `patternRuleLimit`
 * bounds how far.)
 */
export class RedirectTable {
  private readonly exact = new Map<string, RedirectRule>();
  private readonly patterns: PatternNode = {};
  private patternCount = 0;

  /** Adds a rule; a rule for a `from` already present only lends it its origin. */
  add(rule: RedirectRule): void {
    if (isPatternFrom(rule.from)) {
      const pattern = compilePattern(rule.from);
      // A pattern the host model cannot match in linear time (a splat before the end) is left out.
      if (pattern) this.addPattern({ rule: { ...rule, pattern }, order: this.patternCount++ });
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
    return this.exact.size + this.patternCount;
  }

  /** The rule for a decoded site path and its target with placeholders filled in. */
  match(path: string): { rule: RedirectRule; to: string } | undefined {
    const rule = this.exact.get(routeKey(path));
    if (rule) return { rule, to: rule.to };
    const first = this.firstPattern(path);
    // The walk finds exactly the rules whose compiled pattern matches; the pattern gives the values.
    const m = first?.rule.pattern.regex.exec(path);
    if (!first || !m) return undefined;
    const values = new Map<string, string>();
    first.rule.pattern.names.forEach((name, i) => values.has(name) || values.set(name, m[i + 1]!));
    const to = first.rule.to.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) => values.get(name) ?? whole);
    return { rule: first.rule, to };
  }

  private addPattern(entry: IndexedRule): void {
    const segments = routeKey(entry.rule.from).split('/');
    const splat = segments[segments.length - 1] === '*';
    if (splat) segments.pop();
    let node = this.patterns;
    for (const segment of segments) {
      if (segment.startsWith(':')) node = node.placeholder ??= {};
      else {
        const children = (node.literal ??= new Map());
        let child = children.get(segment);
        if (!child) children.set(segment, (child = {}));
        node = child;
      }
    }
    if (splat) node.splat ??= entry;
    else node.end ??= entry;
  }

  /**
   * The first added pattern rule that matches `path`. The path is walked one segment at a time,
   * keeping the nodes whose segments it has so far (a literal child and a placeholder child at
   * most per node); the walk stops as soon as no node is left. As in the compiled patterns, one
   * trailing slash is optional, a placeholder takes a non-empty segment, and a final splat takes
   * the rest of the path after the `/` that follows its prefix.
   */
  private firstPattern(path: string): IndexedRule | undefined {
    let first: IndexedRule | undefined;
    const consider = (entry: IndexedRule | undefined) => {
      if (entry && (!first || entry.order < first.order)) first = entry;
    };
    let active: PatternNode[] = [this.patterns];
    // Where segment `depth` starts, or -1 once the path has no segment `depth`.
    let start = 0;
    for (let depth = 0; active.length > 0; depth++) {
      if (start !== -1) for (const node of active) consider(node.splat);
      // Out of segments, or left with the empty one after a trailing slash, which is optional.
      if (start === -1 || (depth > 0 && start === path.length)) {
        for (const node of active) consider(node.end);
        break;
      }
      const slash = path.indexOf('/', start);
      const segment = slash === -1 ? path.slice(start) : path.slice(start, slash);
      start = slash === -1 ? -1 : slash + 1;
      const next: PatternNode[] = [];
      for (const node of active) {
        const literal = node.literal?.get(segment);
        if (literal) next.push(literal);
        if (node.placeholder && segment !== '') next.push(node.placeholder);
      }
      active = next;
    }
    return first;
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
