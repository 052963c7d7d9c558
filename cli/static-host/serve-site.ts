// The HTTP side of the static-host model, shared by the dev server and the e2e server.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor } from './content-types.ts';
import { headersFor, type HeaderRule } from './header-rules.ts';
import type { RedirectTable } from './redirect-table.ts';
import { answerPath, type HostAnswer, type HostedSite } from './resolve-path.ts';
import { decodeRequestPath, isHtmlFile, notFoundFile } from './site-paths.ts';

/** A site a handler serves: its files and rules, and how to read a file. */
export interface ServedSite extends HostedSite {
  rules: RedirectTable;
  /** The rules of its `_headers` file, when the handler applies them (a host does; `dev` does not). */
  headerRules?: HeaderRule[];
  readFile(file: string): Promise<string | Uint8Array | undefined>;
}

/** What the host sends for a request: a redirect, or a file's body with 200 or 404. */
export type HostResponse =
  | { status: number; location: string }
  | { status: 200 | 404; file: string; body: string | Uint8Array }
  | { status: 404; file?: undefined };

/**
 * The response to a request path: the answer of `answerPath`, with a 200 rule serving its
 * target in one hop (Netlify's limit; proxies to other origins are not served locally) and
 * `404.html` for anything missing. A redirect stub page is served as the page it is, as a
 * host does; the browser then follows its refresh.
 */
export async function respondToPath(site: ServedSite, urlPath: string): Promise<HostResponse> {
  const sitePath = decodeRequestPath(urlPath);
  let answer: HostAnswer = sitePath === undefined ? { kind: 'missing' } : answerPath(site, sitePath);
  if (answer.kind === 'rewrite') answer = rewriteTarget(site, answer.to);
  if (answer.kind === 'redirect' || answer.kind === 'slash') return { status: answer.status, location: answer.to };
  if (answer.kind === 'file') {
    const body = await site.readFile(answer.file);
    if (body !== undefined) return { status: 200, file: answer.file, body };
  }
  const notFound = site.hasFile(notFoundFile) ? await site.readFile(notFoundFile) : undefined;
  return notFound === undefined ? { status: 404 } : { status: 404, file: notFoundFile, body: notFound };
}

function rewriteTarget(site: ServedSite, to: string): HostAnswer {
  if (!to.startsWith('/')) return { kind: 'missing' };
  const cut = to.search(/[?#]/);
  const target = decodeRequestPath(cut === -1 ? to : to.slice(0, cut));
  const answer: HostAnswer = target === undefined ? { kind: 'missing' } : answerPath(site, target);
  return answer.kind === 'rewrite' || answer.kind === 'slash' ? { kind: 'missing' } : answer;
}

/** How a handler reads its site and what it adds to each file it sends. */
export interface SiteHandlerOptions {
  /** The site as it is now; called once per request. */
  site(): ServedSite | Promise<ServedSite>;
  /** Headers besides Content-Type for a file sent at `urlPath`. */
  headers(file: string, urlPath: string, body: string | Uint8Array): Record<string, string>;
  /** Changes an HTML file as it is sent (`file` is its path in the site). */
  transformHtml?(html: string, file: string): string;
}

/** An HTTP handler that serves a site like a static host: GET and HEAD only. */
export function createSiteHandler(options: SiteHandlerOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    // A path is parsed against a fixed origin: as a relative URL, `//x` names a host (or throws).
    const target = request.url ?? '/';
    const urlPath = new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost').pathname;
    const site = await options.site();
    const answer = await respondToPath(site, urlPath);
    if ('location' in answer) {
      response.writeHead(answer.status, { Location: withQuery(answer.location, target) }).end();
      return;
    }
    if (answer.file === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const body =
      options.transformHtml && isHtmlFile(answer.file)
        ? options.transformHtml(String(answer.body), answer.file)
        : answer.body;
    const fromFile = site.headerRules ? headersFor(site.headerRules, urlPath) : {};
    response.writeHead(
      answer.status,
      oneOfEach({ 'Content-Type': contentTypeFor(answer.file) }, fromFile, options.headers(answer.file, urlPath, body)),
    );
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

/**
 * The headers of `sets` by name, whatever their case, a later set's value replacing an earlier
 * one's: a `_headers` rule naming `content-type` replaces the type the host gives the file, as
 * on the hosts, rather than sending a second `Content-Type` beside it.
 */
function oneOfEach(...sets: Record<string, string>[]): Record<string, string> {
  const byName = new Map<string, [string, string]>();
  for (const set of sets)
    for (const [name, value] of Object.entries(set)) byName.set(name.toLowerCase(), [name, value]);
  return Object.fromEntries(byName.values());
}

/** Hosts pass a request's query on to a redirect's target unless the target sets its own. */
function withQuery(location: string, requestTarget: string): string {
  const query = requestTarget.indexOf('?');
  if (query === -1 || /[?]/.test(location)) return location;
  const hash = location.indexOf('#');
  const search = requestTarget.slice(query);
  return hash === -1 ? location + search : location.slice(0, hash) + search + location.slice(hash);
}
