// The Node runtime of a site's server routes, for `dev` and `preview`: each route's module compiled
// from the project's sources, a Node request turned into a Fetch `Request`, the handler's `Response`
// written back, and the context a Worker has (waitUntil, the client's address). What the handlers
// reach as `env`: the variables the site names, read from the environment, and its SQL
// databases as SQLite files.
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { BuiltSiteFacts, FetchHandler, HandlerContext, ServerSpec } from '../config/server-spec.ts';
import { importCompiled } from '../config/load-site.ts';
import { SiteError } from '../errors.ts';
import { openSqliteDatabase, type SqliteDatabase } from './sqlite-binding.ts';

/** The site's server routes, running in this process. */
export interface NodeServerRoutes {
  /** Whether a request path is one of the routes. */
  handles(pathname: string): boolean;
  /** Answers a request for one of the routes. */
  serve(request: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Resolves once every piece of work handed to `waitUntil` so far has settled. */
  idle(): Promise<void>;
  /** Waits for that work, then closes the databases. */
  close(): Promise<void>;
}

export interface NodeServerOptions {
  root: string;
  spec: ServerSpec<never>;
  /** The environment the variables are read from. */
  env: Record<string, string | undefined>;
  /** The build's facts handed to the handlers; a function, since `dev` rebuilds them. */
  site: () => BuiltSiteFacts;
  logError: (text: string) => void;
}

/** The SQL databases a site declares, opened as SQLite files where its variables (or defaults) say. */
export function openSiteDatabases(
  root: string,
  spec: ServerSpec<never>,
  env: Record<string, string | undefined>,
): Record<string, SqliteDatabase> {
  return Object.fromEntries(
    Object.entries(spec.databases ?? {}).map(([name, database]) => {
      const file = path.resolve(root, env[database.file.variable] || database.file.default);
      return [name, openSqliteDatabase(file, path.resolve(root, database.migrations))];
    }),
  );
}

/** Compiles each route's module and starts answering with it. */
export async function startNodeServerRoutes(options: NodeServerOptions): Promise<NodeServerRoutes> {
  const handlers = new Map<string, FetchHandler>();
  for (const [route, file] of Object.entries(options.spec.routes)) {
    const { exports } = await importCompiled(options.root, path.resolve(options.root, file));
    if (typeof exports.default !== 'function') {
      throw new SiteError({
        code: 'server.no-handler',
        message: `${file} (the module of ${route}) has no default export of a request handler`,
        hint: 'End it with `export default async (request, env, context) => new Response(…)`.',
        file: path.resolve(options.root, file),
      });
    }
    handlers.set(route, exports.default as FetchHandler);
  }
  const databases = openSiteDatabases(options.root, options.spec, options.env);
  const variables = Object.fromEntries(
    (options.spec.env ?? []).flatMap((name) => (options.env[name] === undefined ? [] : [[name, options.env[name]]])),
  );
  const env = { ...variables, ...databases };
  const pending = new Set<Promise<unknown>>();

  return {
    handles: (pathname) => handlers.has(pathname),
    serve: async (request, response) => {
      const handler = handlers.get(new URL(request.url ?? '/', 'http://localhost').pathname)!;
      const context: HandlerContext = {
        waitUntil: (promise) => {
          const tracked = promise
            .catch((error: unknown) => options.logError(`a server route's background work failed: ${describe(error)}`))
            .finally(() => pending.delete(tracked));
          pending.add(tracked);
        },
        clientAddress: request.socket.remoteAddress,
        site: options.site(),
      };
      let answer: Response;
      try {
        answer = await handler(toFetchRequest(request), env, context);
      } catch (error) {
        options.logError(`${request.method} ${request.url?.slice(0, 200)}: the server route threw: ${describe(error)}`);
        answer = new Response('Internal error', {
          status: 500,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
      }
      await writeFetchResponse(answer, response, request.method === 'HEAD');
    },
    idle: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
    close: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      for (const database of Object.values(databases)) database.close();
    },
  };
}

/** The Fetch `Request` of a Node request: its URL on the Host it was sent to, its headers, its body as a stream. */
export function toFetchRequest(request: IncomingMessage): Request {
  const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const each of Array.isArray(value) ? value : [value]) headers.append(name, each);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    // A handler reads as much of the body as it means to; the rest is never buffered here.
    ...(hasBody ? { body: Readable.toWeb(request) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit);
}

/** Writes a Fetch `Response` to a Node response. */
async function writeFetchResponse(answer: Response, response: ServerResponse, head: boolean): Promise<void> {
  const body = head || answer.body === null ? undefined : Buffer.from(await answer.arrayBuffer());
  const headers: Record<string, string | string[]> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? answer.headers.getSetCookie() : value;
  });
  response.writeHead(answer.status, headers);
  response.end(body);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
