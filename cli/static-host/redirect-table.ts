// Matches a path against every declared redirect as the host does, with the pattern rules indexed by their segments so a path meets only the rules it could match.
import { isPatternFrom, parseRedirectsFile, type RedirectPattern, type RedirectRule } from './redirect-rules.ts';
import { routeKey } from './site-paths.ts';

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
