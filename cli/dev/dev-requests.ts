import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DevMiddleware } from '../config/site-definition.ts';
import { eventsPath } from './live-reload.ts';
import { hasOwnHost, requestPathOf } from '../static-host/request-guard.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** The parts of the dev server a request can reach. */
export interface DevRoutes {
  /** Host header values of the server's own address (see `ownHostValues`). */
  ownHosts: ReadonlySet<string>;
  events: Handler;
  /** The site's own handler (a form endpoint, say), tried before its pages. */
  middleware: DevMiddleware;
  site: Handler;
  logError(text: string): void;
}

/**
 * The dev server's request listener: refuses other Hosts (DNS rebinding) and targets that are
 * not a path, routes the rest, and turns any error into a 500 so that one bad request never
 * stops the server that every open page depends on.
 */
export function createDevRequestHandler(routes: DevRoutes) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const handle = async () => {
      if (!hasOwnHost(request, routes.ownHosts))
        return answerText(
          response,
          403,
          'This dev server answers only requests addressed to it (localhost, 127.0.0.1, [::1] or its --host).',
        );
      const pathname = requestPathOf(request.url);
      if (pathname === undefined) return answerText(response, 400, 'Bad request target');
      if (pathname === eventsPath) return routes.events(request, response);
      if (await routes.middleware(request, response)) return;
      return routes.site(request, response);
    };
    handle().catch((error: unknown) => {
      routes.logError(
        `dev server: ${request.method} ${JSON.stringify(request.url?.slice(0, 200))} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (response.headersSent) response.destroy();
      else answerText(response, 500, 'The dev server could not answer this request; see the terminal.');
    });
  };
}

/** A short plain-text answer. */
function answerText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end(text);
}
