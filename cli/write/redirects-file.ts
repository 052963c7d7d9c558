import { SiteError } from '../errors.ts';
import type { Redirect } from '../route/routes.ts';
import { withoutTrailingSlash } from '../route/urls.ts';

/** Whitespace (Unicode's too) or a control character: either would split or end a rule line. */
const breaksRule = /[\s\p{Cc}]/u;

/**
 * Redirect rules for static hosts that read a `_redirects` file (Netlify, Cloudflare Pages).
 * Each redirect also has a stub page at its old address (for hosts without `_redirects`, such
 * as GitHub Pages), so its rule is forced (`301!`): Netlify lets an existing file shadow an
 * unforced rule and would serve the stub with a 200. Each rule is written for the address with
 * and without its trailing slash, since not every host treats the two as one. The schema
 * already allows only safe site paths; this refuses, as a second guard, any field that would
 * break out of its line and add rules of its own.
 */
export function renderRedirectsFile(redirects: Redirect[]): string {
  for (const redirect of redirects) {
    for (const field of ['from', 'to'] as const) {
      const value = redirect[field];
      if (value === '' || breaksRule.test(value)) {
        throw new SiteError({
          code: 'write.bad-redirect-rule',
          message: `redirect from ${JSON.stringify(redirect.from)}: its ${field} ${JSON.stringify(value)} holds whitespace or a control character, which would break the _redirects file into other rules`,
          hint: 'Write paths with no spaces; encode other characters as %XX.',
        });
      }
    }
  }
  const lines = redirects.flatMap((r) => {
    const bare = withoutTrailingSlash(r.from);
    const forms = bare === '/' ? ['/'] : [bare, `${bare}/`];
    return forms.map((from) => `${from} ${r.to} 301!`);
  });
  return lines.join('\n') + '\n';
}
