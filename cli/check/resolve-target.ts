import { parseHref, siteBase, type HrefTarget } from './href.ts';
import type { RedirectTable } from '../static-host/redirect-table.ts';
import { answerPath } from '../static-host/resolve-path.ts';
import { isHtmlFile, routeKey } from '../static-host/site-paths.ts';
import { userContentPrefix } from '../render/markdown/html-schema.ts';
import { closestId, PathSuggester } from '../shared/suggest.ts';
import type { FindingCode } from './types.ts';

/** Why a target fails, with a fix when one is likely. */
export interface Problem {
  code: FindingCode;
  reason: string;
  suggestion?: string;
}

/** Where a site path ends up once redirects are followed. */
export interface Destination {
  file?: string;
  /** Set when a redirect leaves the site. */
  externalUrl?: string;
  /** Site paths visited, first to last; length 1 when no redirect was involved. */
  chain: string[];
  /** Whether a 3xx redirect (not a 200 rewrite) was followed. */
  redirected: boolean;
  /** Set when the only redirect was the host's own, from `/x` to the folder address `/x/`. */
  trailingSlash?: boolean;
  /** Fragment set by the last redirect, which replaces the link's own. */
  fragment?: string;
  problem?: Problem;
}

type Hit =
  | { kind: 'file'; file: string }
  | { kind: 'redirect'; target: HrefTarget; status: number; slash?: true }
  | { kind: 'missing' };

/** What the resolver knows about the built site. */
export interface SiteIndex {
  files: ReadonlySet<string>;
  /** Redirect stubs: HTML file → resolved meta refresh target. */
  refreshes: ReadonlyMap<string, HrefTarget>;
  redirects: RedirectTable;
  siteOrigins: ReadonlySet<string>;
  /** Routes offered as suggestions for missing pages. */
  routes: readonly string[];
  /** Ids of an HTML file, computed on first use; `undefined` for a file not read (too large). */
  idsOf(file: string): ReadonlySet<string> | undefined;
}

/** Redirects a browser follows before it gives up (Chrome's and Firefox's limit). */
export const redirectHopLimit = 20;
/** Paths longer than this get no suggestion: comparing them costs their length times every route's. */
const suggestLimit = 256;

/** Resolves site paths to files like a static host, following redirects; each path is resolved once. */
export class SiteResolver {
  private readonly destinations = new Map<string, Destination>();
  private readonly suggestions = new Map<string, string | undefined>();
  private readonly suggesters = new Map<string, PathSuggester>();

  constructor(private readonly site: SiteIndex) {}

  /** The file a decoded site path serves, after redirects; memoized per path. */
  resolve(path: string): Destination {
    let destination = this.destinations.get(path);
    if (!destination) this.destinations.set(path, (destination = this.follow(path)));
    return destination;
  }

  /** A problem if `fragment` names no element in `file`; `#`, `#top` and non-HTML targets pass. */
  checkFragment(file: string, fragment: string, rawFragment?: string): Problem | undefined {
    if (fragment === '' || fragment.toLowerCase() === 'top' || fragment.startsWith(':~:') || !isHtmlFile(file))
      return undefined;
    const ids = this.site.idsOf(file);
    if (!ids) return undefined;
    if (ids.has(fragment) || (rawFragment !== undefined && ids.has(rawFragment))) return undefined;
    // An id written in a Markdown body's HTML is published in the content's namespace: the link was written for the id
    // as the body spells it.
    if (ids.has(userContentPrefix + fragment)) {
      return {
        code: 'links.missing-fragment',
        reason: `no element with id "${fragment}": the id "${fragment}" written in a Markdown body is published as "${userContentPrefix}${fragment}"`,
        suggestion: `#${userContentPrefix}${fragment}`,
      };
    }
    return {
      code: 'links.missing-fragment',
      reason: `no element with id "${fragment}"`,
      suggestion: suggestId(fragment, ids),
    };
  }

  /** The host's answer for a path, where a redirect stub page counts as the 301 it stands for. */
  private lookup(path: string): Hit {
    const answer = answerPath({ hasFile: (file) => this.site.files.has(file), rules: this.site.redirects }, path);
    if (answer.kind === 'missing') return answer;
    if (answer.kind === 'file') {
      const refresh = this.site.refreshes.get(answer.file);
      return refresh ? { kind: 'redirect', target: refresh, status: 301 } : answer;
    }
    const status = answer.kind === 'rewrite' ? 200 : answer.status;
    const target = parseHref(answer.to, siteBase + '/', this.site.siteOrigins);
    return answer.kind === 'slash'
      ? { kind: 'redirect', target, status, slash: true }
      : { kind: 'redirect', target, status };
  }

  private follow(start: string): Destination {
    const chain = [start];
    const seen = new Set([routeKey(start)]);
    let redirected = false;
    let fragment: string | undefined;
    let slashOnly = true;
    for (let current = start; ;) {
      const hit = this.lookup(current);
      if (hit.kind === 'file')
        return {
          file: hit.file,
          chain,
          redirected,
          fragment,
          ...(slashOnly && chain.length === 2 ? { trailingSlash: true } : {}),
        };
      if (hit.kind === 'missing') {
        const problem = this.missing(current);
        if (chain.length > 1) problem.reason = `redirects to ${current}, which does not exist`;
        if (chain.length > 1) problem.code = 'links.redirect-missing-target';
        return { chain, redirected, problem };
      }
      redirected ||= hit.status !== 200;
      slashOnly &&= hit.slash === true;
      const target = hit.target;
      if (target.type === 'external') return { externalUrl: target.url, chain, redirected };
      if (target.type !== 'internal')
        return {
          chain,
          redirected,
          problem: {
            code: target.type === 'invalid' ? target.code : 'links.bad-url',
            reason: `redirects to an unusable URL`,
          },
        };
      if (target.fragment !== undefined) fragment = target.fragment;
      const key = routeKey(target.path);
      chain.push(target.path);
      if (chain.length > redirectHopLimit + 1) {
        return {
          chain,
          redirected,
          problem: {
            code: 'links.too-many-redirects',
            reason: `more than ${redirectHopLimit} redirects: ${chain.slice(0, 3).join(' → ')} → … → ${current}`,
          },
        };
      }
      // `/x` → `/x/` shares its key with where it started, and `/x/` never redirects that way again.
      if (seen.has(key) && !hit.slash)
        return {
          chain,
          redirected,
          problem: { code: 'links.redirect-loop', reason: `redirect loop: ${chain.join(' → ')}` },
        };
      seen.add(key);
      current = target.path;
    }
  }

  private missing(path: string): Problem {
    const page = !/\.[a-z\d]+$/i.test(path) || /\.html?$/i.test(path);
    if (!this.suggestions.has(path)) this.suggestions.set(path, this.suggestPath(path, page));
    const suggestion = this.suggestions.get(path);
    return page
      ? { code: 'links.missing-page', reason: 'no such page', suggestion }
      : { code: 'links.missing-file', reason: 'no such file', suggestion };
  }

  private suggestPath(path: string, page: boolean): string | undefined {
    if (path.length > suggestLimit) return undefined;
    if (page) {
      const best = this.suggester('', () => this.site.routes).closest(path);
      if (!best) return undefined;
      // Offer the route in the style the author wrote: with or without the trailing slash.
      return path.endsWith('/') || best === '/' ? best : routeKey(best);
    }
    // An image is most likely misspelled as another image: compare files of the same type.
    const extension = path.slice(path.lastIndexOf('.')).toLowerCase();
    return this.suggester(extension, () =>
      [...this.site.files].filter((f) => f.toLowerCase().endsWith(extension)).map((f) => '/' + f),
    ).closest(path);
  }

  private suggester(key: string, paths: () => readonly string[]): PathSuggester {
    let suggester = this.suggesters.get(key);
    if (!suggester) this.suggesters.set(key, (suggester = new PathSuggester(paths())));
    return suggester;
  }
}

function suggestId(fragment: string, ids: ReadonlySet<string>): string | undefined {
  const id = closestId(fragment, ids);
  return id === undefined ? undefined : `#${id}`;
}
