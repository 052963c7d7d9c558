import type { IncomingMessage, ServerResponse } from 'node:http';
import { contentTypeFor, parseRedirects, resolveRequest } from '../static-host/static-host.ts';

/** Serves a built site held in memory the way a static host serves a folder. */
export function createMemoryHandler(files: () => Map<string, string | Uint8Array>, transformHtml: (html: string) => string) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const site = files();
    const url = new URL(request.url ?? '/', 'http://localhost');
    const redirects = parseRedirects(String(site.get('_redirects') ?? ''));
    const resolution = await resolveRequest((file) => site.has(file), url.pathname, redirects);
    if (resolution.kind === 'redirect') {
      response.writeHead(301, { Location: resolution.location }).end();
      return;
    }
    const file = resolution.kind === 'file' ? resolution.file : '404.html';
    const contents = site.get(file);
    if (contents === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const body = file.endsWith('.html') ? transformHtml(String(contents)) : contents;
    response.writeHead(resolution.kind === 'file' ? 200 : 404, { 'Content-Type': contentTypeFor(file), 'Cache-Control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}
