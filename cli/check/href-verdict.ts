import { parseHref } from './href.ts';
import type { IgnoreMatcher } from './ignore.ts';
import type { Problem, SiteResolver } from './resolve-target.ts';
import type { LinkFinding } from './types.ts';

/** What checking one href concluded; the same href in the same context always concludes the same. */
export type Verdict =
  | { status: 'skip' | 'ignored' | 'ok' }
  | { status: 'external'; url: string }
  | { status: 'finding'; kind: LinkFinding['kind']; problem: Problem; target?: string };

const skip: Verdict = { status: 'skip' };
const ignored: Verdict = { status: 'ignored' };
const ok: Verdict = { status: 'ok' };

/**
 * Turns hrefs into verdicts, remembering each: a root-relative href is judged once for the
 * whole site, a relative one once per base, so a 5,000-page site costs a few thousand judgments.
 */
export class HrefJudge {
  private readonly verdicts = new Map<string, Verdict>();

  constructor(
    private readonly resolver: SiteResolver,
    private readonly ignore: IgnoreMatcher,
    private readonly siteOrigins: ReadonlySet<string>,
    /** Paths a server route answers: reached, though no file is there. */
    private readonly serverRoutes: ReadonlySet<string> = new Set(),
  ) {}

  /** The verdict for `href` in a document whose base URL is `base`. */
  judge(href: string, base: string, sharedBase: boolean): Verdict {
    const key = sharedBase && href.charCodeAt(0) === 47 && href.charCodeAt(1) !== 47 ? href : base + '\n' + href;
    let verdict = this.verdicts.get(key);
    if (verdict === undefined) this.verdicts.set(key, (verdict = this.evaluate(href, base)));
    return verdict;
  }

  /** The verdict for an in-page `#fragment` of `file`, which needs no resolving. */
  judgeFragment(href: string, file: string, page: string): Verdict {
    if (this.ignore(href)) return ignored;
    const raw = href.slice(1);
    const fragment = decodeFragment(raw);
    const problem = this.resolver.checkFragment(file, fragment, fragment === raw ? undefined : raw);
    return problem ? { status: 'finding', kind: 'broken-link', problem, target: page } : ok;
  }

  private evaluate(href: string, base: string): Verdict {
    if (this.ignore(href)) return ignored;
    const target = parseHref(href, base, this.siteOrigins);
    if (target.type === 'skip') return skip;
    if (target.type === 'external') return this.ignore(target.url) ? ignored : { status: 'external', url: target.url };
    if (target.type === 'invalid') return { status: 'finding', kind: 'broken-link', problem: target };
    if (this.ignore(target.path)) return ignored;
    if (this.serverRoutes.has(target.path)) return ok;
    const destination = this.resolver.resolve(target.path);
    if (destination.problem)
      return { status: 'finding', kind: 'broken-link', problem: destination.problem, target: target.path };
    const fragment = destination.fragment ?? target.fragment;
    if (destination.file && fragment !== undefined) {
      const problem = this.resolver.checkFragment(
        destination.file,
        fragment,
        destination.fragment === undefined ? target.rawFragment : undefined,
      );
      if (problem) return { status: 'finding', kind: 'broken-link', problem, target: target.path };
    }
    if (!destination.redirected) return ok;
    const final =
      destination.externalUrl ?? destination.chain[destination.chain.length - 1] + (fragment ? `#${fragment}` : '');
    if (destination.trailingSlash) {
      const reason = `the host redirects it to ${final}: the page is a folder's index.html, served at its address with a trailing slash`;
      return {
        status: 'finding',
        kind: 'redirect-hint',
        problem: { code: 'links.trailing-slash', reason, suggestion: final },
        target: target.path,
      };
    }
    return {
      status: 'finding',
      kind: 'redirect-hint',
      problem: { code: 'links.redirected', reason: `redirects to ${final}`, suggestion: final },
      target: target.path,
    };
  }
}

/** Percent-decodes a fragment, keeping it as written when it is not valid percent-encoding. */
export function decodeFragment(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
