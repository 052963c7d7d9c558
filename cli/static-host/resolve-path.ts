// Which answer a static host gives for a path: the precedence of files and `_redirects` rules.
import type { RedirectRule } from './redirect-rules.ts';
import type { RedirectTable } from './redirect-table.ts';
import { candidateFiles, hostConfigFiles } from './site-paths.ts';

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
  /** `/x` names a folder with an `index.html`: the host sends the visitor to `/x/`. */
  | { kind: 'slash'; status: 301; to: string }
  | { kind: 'missing' };

/**
 * Answers a path the way Netlify and Cloudflare Pages document it (the table in
 * tests/static-host/agreement.test.ts cites each rule): a forced rule (`301!`, `200!`) always
 * applies; otherwise a file that serves the path shadows the rule; a folder's `index.html`
 * asked for without the trailing slash is a redirect to the address with it; a rule applies
 * only where no file does; anything else is missing (the host's `404.html`).
 */
export function answerPath(site: HostedSite, sitePath: string): HostAnswer {
  const match = site.rules.size ? site.rules.match(sitePath) : undefined;
  if (match?.rule.force) return ruleAnswer(match.rule, match.to);
  const file = candidateFiles(sitePath).find((candidate) => site.hasFile(candidate) && !hostConfigFiles.has(candidate));
  if (file !== undefined)
    return isFolderIndexOf(sitePath, file)
      ? { kind: 'slash', status: 301, to: `${sitePath}/` }
      : { kind: 'file', file };
  return match ? ruleAnswer(match.rule, match.to) : { kind: 'missing' };
}

/** Whether `file` is the `index.html` of the folder `sitePath` names without its trailing slash. */
function isFolderIndexOf(sitePath: string, file: string): boolean {
  return !sitePath.endsWith('/') && file.endsWith('index.html') && file.length > sitePath.length;
}

function ruleAnswer(rule: RedirectRule, to: string): HostAnswer {
  return rule.status === 200 ? { kind: 'rewrite', to, rule } : { kind: 'redirect', status: rule.status, to, rule };
}
