import type { Redirect } from '../route/routes.ts';

/** Redirect rules for static hosts that read a `_redirects` file (Netlify, Cloudflare Pages). */
export function renderRedirectsFile(redirects: Redirect[]): string {
  return redirects.map((r) => `${r.from} ${r.to} 301`).join('\n') + '\n';
}
