import { headersFor, parseHeadersFile, type HeaderRule } from '../static-host/header-rules.ts';
import { redirectTableOf, type RedirectTable } from '../static-host/redirect-table.ts';
import { createSiteHandler } from '../static-host/serve-site.ts';
import { imagePolicy } from '../write/headers-file.ts';

/**
 * A rebuild's pages, served before the rest of its files are made: a request for another file
 * waits until `done`, then takes the files served by then.
 */
export interface RenderedAhead {
  files: Map<string, string | Uint8Array>;
  done: Promise<void>;
}

/** Serves a built site held in memory the way a static host serves a folder. */
export function createMemoryHandler(
  files: () => Map<string, string | Uint8Array>,
  transformHtml: (html: string, file: string) => string,
  ahead: () => RenderedAhead | undefined = () => undefined,
) {
  // `_redirects` is parsed again only when a rebuild changed it.
  let parsed: { text: string; rules: RedirectTable } | undefined;
  const rulesOf = (text: string) =>
    (parsed?.text === text ? parsed : (parsed = { text, rules: redirectTableOf(text) })).rules;
  // The rules of `_headers` that send a file as a download, parsed again only when a rebuild changed it.
  let downloads: { text: string; rules: HeaderRule[] } | undefined;
  const downloadRulesOf = (text: string) =>
    (downloads?.text === text
      ? downloads
      : (downloads = { text, rules: parseHeadersFile(text).filter(isDownloadRule) })
    ).rules;
  return createSiteHandler({
    site: () => {
      const site = files();
      const early = ahead();
      return {
        hasFile: (file) => early?.files.has(file) || site.has(file),
        rules: rulesOf(String(site.get('_redirects') ?? '')),
        readFile: async (file) => {
          if (!early) return site.get(file);
          if (early.files.has(file)) return early.files.get(file);
          await early.done;
          return files().get(file);
        },
      };
    },
    // The headers of `_headers` dev sends: an SVG opened from the dev server is a document at its
    // origin, as it would be on a host, and a file the site publishes as a download is one.
    headers: (file, urlPath): Record<string, string> => ({
      ...(file.startsWith('images/')
        ? { 'Cache-Control': 'no-store', 'Content-Security-Policy': imagePolicy }
        : { 'Cache-Control': 'no-store' }),
      ...headersFor(downloadRulesOf(String(files().get('_headers') ?? '')), urlPath),
    }),
    transformHtml,
  });
}

/** A `_headers` rule that sends what it matches as a download. */
function isDownloadRule(rule: HeaderRule): boolean {
  return rule.headers.some(
    ([name, value]) => name.toLowerCase() === 'content-disposition' && value.startsWith('attachment'),
  );
}
