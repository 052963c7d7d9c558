import type { FindingCollector, Occurrence } from './findings.ts';
import type { LoadedSite } from './load-built-site.ts';
import type { Destination, SiteResolver } from './resolve-target.ts';
import { routeKey } from '../static-host/site-paths.ts';

/**
 * Checks every redirect declaration once, where it is declared: a redirect stub page, a
 * `_redirects` line or a manifest entry. A target that is missing, redirects again, or loops
 * back is an error. Returns how many declarations were checked.
 */
export function validateRedirects(
  site: LoadedSite,
  resolver: SiteResolver,
  collector: FindingCollector,
  onExternal: (url: string, at: Occurrence) => void,
): number {
  const validate = (from: string, at: Occurrence) => validateRedirect(from, at, resolver, collector, onExternal);
  let count = 0;
  const stubRoutes = new Set<string>();
  for (const [file, scan] of site.pages) {
    if (!scan.refresh) continue;
    const from = site.pagePath(file);
    stubRoutes.add(routeKey(from));
    const { refresh } = scan;
    const origin = site.redirects.match(from)?.rule.declared.origin;
    validate(from, {
      page: from,
      file,
      attribute: refresh.attribute,
      href: refresh.value,
      line: refresh.line,
      column: refresh.column,
      origin,
    });
    count++;
  }
  for (const rule of site.redirects.rules()) {
    if (stubRoutes.has(routeKey(rule.from))) continue;
    const { declared } = rule;
    validate(rule.from, {
      page: rule.from,
      file: declared.file,
      attribute: declared.attribute,
      href: rule.to,
      line: declared.line,
      column: declared.column,
      origin: declared.origin,
    });
    count++;
  }
  return count;
}

/** Follows one redirect from `from`: a missing target, a chain or a missing fragment is a finding at `at`. */
function validateRedirect(
  from: string,
  at: Occurrence,
  resolver: SiteResolver,
  collector: FindingCollector,
  onExternal: (url: string, at: Occurrence) => void,
): void {
  const destination = resolver.resolve(from);
  // A file at `from` shadows a non-forced rule, so that rule never fires.
  if (destination.chain.length === 1 && !destination.problem) return;
  const final = destination.chain[destination.chain.length - 1];
  const { problem } = destination;
  if (problem) {
    const reason = problem.code === 'links.redirect-missing-target' ? `target ${final} does not exist` : problem.reason;
    collector.add('redirect-error', { ...problem, reason }, at, final);
    return;
  }
  if (destination.externalUrl) onExternal(destination.externalUrl, at);
  if (destination.chain.length > 2) {
    const to = destination.externalUrl ?? final + fragmentOf(destination);
    collector.add(
      'redirect-error',
      { code: 'links.redirect-chain', reason: `redirect chain: ${destination.chain.join(' → ')}`, suggestion: to },
      at,
      final,
    );
    return;
  }
  if (destination.file && destination.fragment !== undefined) {
    const missing = resolver.checkFragment(destination.file, destination.fragment);
    if (missing)
      collector.add(
        'redirect-error',
        { ...missing, reason: `target ${final}: ${missing.reason}` },
        at,
        final + fragmentOf(destination),
      );
  }
}

const fragmentOf = (destination: Destination) => (destination.fragment ? `#${destination.fragment}` : '');
