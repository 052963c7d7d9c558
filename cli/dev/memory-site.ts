import { headersFor, parseHeadersFile, type HeaderRule } from '../static-host/header-rules.ts';
import { redirectTableOf, type RedirectTable } from '../static-host/redirect-table.ts';
import { requestPathOf } from '../static-host/request-guard.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createSiteHandler, respondToPath, type ServedSite } from '../static-host/serve-site.ts';
import { imagePolicy } from '../write/headers-file.ts';

/**
 * A rebuild's pages, served before the rest of its files are made: a request they answer (with
 * one of these files) is answered at once; any other (a picture, a feed, a redirect, a path no
 * page has) waits until `done`, then is answered by the output served by then.
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
  /** The site served: the rendered pages of a rebuild under way, else the last output. */
  const servedSite = (early = ahead()): ServedSite => {
    const site = early?.files ?? files();
    return {
      hasFile: (file) => site.has(file),
      rules: rulesOf(String(files().get('_redirects') ?? '')),
      readFile: async (file) => site.get(file),
    };
  };
  const handle = createSiteHandler({
    site: () => servedSite(),
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
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const early = ahead();
    if (early && !(await answeredAhead(servedSite(early), request.url))) await early.done;
    await handle(request, response);
  };
}

/**
 * Whether the rendered pages alone answer a request with one of their files; a target that is
 * not a plain path is left to wait, then to the handler's own answer.
 */
async function answeredAhead(site: ServedSite, target: string | undefined): Promise<boolean> {
  const urlPath = requestPathOf(target);
  if (urlPath === undefined) return false;
  const answer = await respondToPath(site, urlPath);
  return 'file' in answer && answer.status === 200;
}

/** A `_headers` rule that sends what it matches as a download. */
function isDownloadRule(rule: HeaderRule): boolean {
  return rule.headers.some(
    ([name, value]) => name.toLowerCase() === 'content-disposition' && value.startsWith('attachment'),
  );
}
