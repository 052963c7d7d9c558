// Matches a path against every declared redirect as the host does: literal rules by one lookup,
// pattern rules through a trie of their `from` segments walked as a memoized automaton, so a path
// costs one step per segment however the rules mix literals and placeholders.
import {
  isPatternFrom,
  parseRedirectsFile,
  patternSegmentLimit,
  segmentsOf,
  type RedirectPattern,
  type RedirectRule,
} from './redirect-rules.ts';
import { decodeRequestPath, routeKey } from './site-paths.ts';

/** A pattern rule and its place among the pattern rules, in the order they were added. */
interface IndexedRule {
  rule: RedirectRule & { pattern: RedirectPattern };
  order: number;
}

/**
 * A node of the pattern trie: one per distinct run of leading `from` segments. Of the rules
 * whose segments end here, only the first added is kept: a later one with the same segments
 * matches the same paths, so it can never be the first match.
 */
interface PatternNode {
  /** Numbers the node, so that a set of nodes has a key. */
  id: number;
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
 * The trie nodes a path's segments so far can have reached, as one state: a path may be at a
 * literal child and a placeholder child at once, and after n segments at up to 2^n nodes. What
 * a state needs to answer is computed once, when it is made, and the state it leads to for a
 * segment is kept: a path then costs one lookup per segment, and only the first path to reach
 * a state pays for its nodes.
 */
interface WalkState {
  nodes: PatternNode[];
  /** The first of the nodes' splat rules: they match when the path has any segment left (an empty one included). */
  splat?: IndexedRule;
  /**
   * The first of the nodes' end rules: they match when the path has no segment left, or only the
   * empty one of a trailing slash.
   */
  end?: IndexedRule;
  /** Every literal the nodes' children are keyed by. */
  literals: Set<string>;
  /** The state after each of those literals. */
  byLiteral: Map<string, WalkState>;
  /** The state after a non-empty segment no child is keyed by, and after the empty segment. */
  other?: WalkState;
  empty?: WalkState;
}

/**
 * Nodes and literals the kept states may hold together; past this, the states kept so far are let
 * go and made again as paths need them.
 */
const maxStateWeight = 2_000_000;

/**
 * All declared redirects, matched the way the host matches them (trailing slash optional): a
 * literal rule for the path first, then the first pattern rule, in the order added, that
 * matches. A pattern rule of more than `patternSegmentLimit` segments is left out, like one with
 * a splat before its end: the states a path can reach grow with 2 to the power of the segments
 * that mix literals and placeholders, and the limit bounds what the first path to reach each
 * state pays.
 */
export class RedirectTable {
  private readonly exact = new Map<string, RedirectRule>();
  private readonly patterns: PatternNode = { id: 0 };
  private patternCount = 0;
  private nodeCount = 1;
  private states = new Map<string, WalkState>();
  /** The nodes and literals of the states kept. */
  private stateWeight = 0;

  /** Adds a rule; a rule for a `from` already present only lends it its origin. */
  add(rule: RedirectRule): void {
    if (isPatternFrom(rule.from)) {
      const pattern = compilePattern(rule.from);
      // A pattern the host model cannot match in linear time (a splat before the end, too many segments) is left out.
      if (pattern) this.addPattern({ rule: { ...rule, pattern }, order: this.patternCount++ });
      return;
    }
    // A rule's path is matched as the request's is, decoded: `/caf%C3%A9` and `/café` are one address.
    const key = routeKey(decodeRequestPath(rule.from) ?? rule.from);
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
    const first = this.patternCount > 0 ? this.firstPattern(path) : undefined;
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
      if (segment.startsWith(':')) node = node.placeholder ??= { id: this.nodeCount++ };
      else {
        const children = (node.literal ??= new Map());
        let child = children.get(segment);
        if (!child) children.set(segment, (child = { id: this.nodeCount++ }));
        node = child;
      }
    }
    if (splat) node.splat ??= entry;
    else node.end ??= entry;
    // States made before this rule do not know it.
    this.forgetStates();
  }

  /**
   * The first added pattern rule that matches `path`. The path is walked one segment at a time
   * from the state of the trie's root; the walk stops as soon as no node is left. As in the
   * compiled patterns, one trailing slash is optional, a placeholder takes a non-empty segment,
   * and a final splat takes the rest of the path after the `/` that follows its prefix.
   */
  private firstPattern(path: string): IndexedRule | undefined {
    let first: IndexedRule | undefined;
    const consider = (entry: IndexedRule | undefined) => {
      if (entry && (!first || entry.order < first.order)) first = entry;
    };
    let state: WalkState | undefined = this.stateOf([this.patterns]);
    // Where segment `depth` starts, or -1 once the path has no segment `depth`.
    let start = 0;
    for (let depth = 0; state; depth++) {
      if (start !== -1) consider(state.splat);
      // Out of segments, or left with the empty one after a trailing slash, which is optional.
      if (start === -1 || (depth > 0 && start === path.length)) {
        consider(state.end);
        break;
      }
      const slash = path.indexOf('/', start);
      const segment = slash === -1 ? path.slice(start) : path.slice(start, slash);
      start = slash === -1 ? -1 : slash + 1;
      state = this.next(state, segment);
    }
    return first;
  }

  /** The state after `segment`, made the first time it is asked for; undefined when no node is left. */
  private next(state: WalkState, segment: string): WalkState | undefined {
    if (state.literals.has(segment)) {
      let next = state.byLiteral.get(segment);
      if (!next) state.byLiteral.set(segment, (next = this.stateAfter(state, segment)));
      return next.nodes.length > 0 ? next : undefined;
    }
    const next =
      segment === '' ? (state.empty ??= this.stateAfter(state, '')) : (state.other ??= this.stateAfter(state, segment));
    return next.nodes.length > 0 ? next : undefined;
  }

  /**
   * The nodes `segment` leads to from a state's nodes: each one's literal child for it, and its
   * placeholder child for a non-empty segment.
   */
  private stateAfter(state: WalkState, segment: string): WalkState {
    const nodes: PatternNode[] = [];
    for (const node of state.nodes) {
      const literal = node.literal?.get(segment);
      if (literal) nodes.push(literal);
      if (node.placeholder && segment !== '') nodes.push(node.placeholder);
    }
    return this.stateOf(nodes);
  }

  /** The one state of a set of nodes. */
  private stateOf(nodes: PatternNode[]): WalkState {
    const key = nodes
      .map((node) => node.id)
      .sort((a, b) => a - b)
      .join(',');
    const known = this.states.get(key);
    if (known) return known;
    const state: WalkState = { nodes, literals: new Set(), byLiteral: new Map() };
    for (const node of nodes) {
      if (node.splat && (!state.splat || node.splat.order < state.splat.order)) state.splat = node.splat;
      if (node.end && (!state.end || node.end.order < state.end.order)) state.end = node.end;
      for (const literal of node.literal?.keys() ?? []) state.literals.add(literal);
    }
    // Past the limit, the states made so far are let go (a walk under way keeps its own).
    this.stateWeight += nodes.length + state.literals.size;
    if (this.stateWeight > maxStateWeight) this.forgetStates();
    this.states.set(key, state);
    return state;
  }

  private forgetStates(): void {
    this.states = new Map();
    this.stateWeight = 0;
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
 * become lookup keys, never group names. `undefined` for a `*` before the last segment (only a
 * final splat keeps the match linear: each placeholder stops at the next `/`), and for more
 * segments than `patternSegmentLimit`.
 */
function compilePattern(from: string): RedirectPattern | undefined {
  if (segmentsOf(from) > patternSegmentLimit) return undefined;
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
