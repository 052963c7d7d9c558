// Which answer a static host gives for a path: the precedence of files and `_redirects` rules.
import type { RedirectRule, RedirectTable } from './redirect-rules.ts';
import { candidateFiles } from './site-paths.ts';

/** What the host knows about a site: which files exist, and its redirect rules. */
export interface HostedSite {
  hasFile(file: string): boolean;
  rules: RedirectTable;
}

/** The host's answer for one decoded site path, before any redirect is followed. */
export type HostAnswer =
  | { kind: 'file'; file: string }
  /** A 3xx rule: the visitor is sent to `to` (placeholders filled in). */
  | { kind: 'redirect'; status: number; to: string; rule: RedirectRule }
  /** A 200 rule: `to` is served at the requested address. */
  | { kind: 'rewrite'; to: string; rule: RedirectRule }
  | { kind: 'missing' };

/**
 * Answers a path the way Netlify documents it: a forced rule (`301!`, `200!`) always applies;
 * otherwise a file that serves the path shadows the rule; a rule applies only where no file
 * does; anything else is missing (the host's `404.html`).
 */
export function answerPath(site: HostedSite, sitePath: string): HostAnswer {
  const match = site.rules.size ? site.rules.match(sitePath) : undefined;
  if (match?.rule.force) return ruleAnswer(match.rule, match.to);
  const file = candidateFiles(sitePath).find((candidate) => site.hasFile(candidate));
  if (file !== undefined) return { kind: 'file', file };
  return match ? ruleAnswer(match.rule, match.to) : { kind: 'missing' };
}

function ruleAnswer(rule: RedirectRule, to: string): HostAnswer {
  return rule.status === 200 ? { kind: 'rewrite', to, rule } : { kind: 'redirect', status: rule.status, to, rule };
}
