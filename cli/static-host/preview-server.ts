// `sitegen preview`: serves a built folder exactly as the static-host model says a host would,
// `_redirects` and `_headers` included, for a last look before deploying it.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasOwnHost, ownHostValues, requestPathOf } from './request-guard.ts';
import { createStaticHandler } from './static-host.ts';

export interface PreviewOptions {
  /** The built site folder. */
  dir: string;
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Other host names requests may address (a tunnel, a LAN name); anything else gets 403. */
  allowedHosts?: readonly string[];
  /** Requests answered before the static files: the site's server routes (cli/server/node-runtime.ts). */
  routes?: {
    handles(pathname: string): boolean;
    serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
  };
}

export interface PreviewServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the preview server. Requests whose Host header is not the server's own are refused
 * (a page elsewhere reaching it through DNS rebinding); a request that fails inside the
 * handler gets a 500 instead of ending the process.
 */
export async function startPreviewServer(options: PreviewOptions): Promise<PreviewServer> {
  const serve = createStaticHandler(options.dir);
  const ownHosts = new Set<string>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (!hasOwnHost(request, ownHosts)) {
      response
        .writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('This server answers only requests addressed to its own host name.');
      return;
    }
    const { routes } = options;
    const pathname = requestPathOf(request.url);
    const answer =
      routes && pathname !== undefined && routes.handles(pathname)
        ? routes.serve(request, response)
        : serve(request, response);
    answer.catch(() => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  for (const host of ownHostValues(options.host, port, options.allowedHosts)) ownHosts.add(host);
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
