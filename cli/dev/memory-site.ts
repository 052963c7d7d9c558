import { redirectTableOf, type RedirectTable } from '../static-host/redirect-table.ts';
import { createSiteHandler } from '../static-host/serve-site.ts';
import { imagePolicy } from '../write/headers-file.ts';

/** Serves a built site held in memory the way a static host serves a folder. */
export function createMemoryHandler(files: () => Map<string, string | Uint8Array>, transformHtml: (html: string) => string) {
  // `_redirects` is parsed again only when a rebuild changed it.
  let parsed: { text: string; rules: RedirectTable } | undefined;
  const rulesOf = (text: string) => (parsed?.text === text ? parsed : (parsed = { text, rules: redirectTableOf(text) })).rules;
  return createSiteHandler({
    site: () => {
      const site = files();
      return {
        hasFile: (file) => site.has(file),
        rules: rulesOf(String(site.get('_redirects') ?? '')),
        readFile: async (file) => site.get(file),
      };
    },
    // The one header of `_headers` dev sends: an SVG opened from the dev server is a document at
    // its origin, as it would be on a host.
    headers: (file): Record<string, string> => (file.startsWith('images/') ? { 'Cache-Control': 'no-store', 'Content-Security-Policy': imagePolicy } : { 'Cache-Control': 'no-store' }),
    transformHtml,
  });
}
