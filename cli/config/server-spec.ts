// What a site says about the requests it answers itself, beside its static pages: each a module
// whose default export is a standard Fetch handler. The same module runs in `sitegen dev` and
// `sitegen preview` (Node, cli/server/), and in what `sitegen build` emits for Cloudflare Workers
// and Netlify Functions (cli/server/host-outputs.ts). The engine knows nothing of what a handler
// does: it hands it the request, the variables and databases the site names, and a context.

/** What a handler is handed besides the request and its environment. */
export interface HandlerContext {
  /** Keeps the runtime alive for work that goes on after the answer (as `ctx.waitUntil` in Workers). */
  waitUntil(promise: Promise<unknown>): void;
  /**
   * The client's address as the runtime knows it: the socket's peer in Node, `CF-Connecting-IP` on
   * Cloudflare, `context.ip` on Netlify.
   */
  clientAddress: string | undefined;
  /** What the build said about the site: its origin and the data its definition hands the handlers. */
  site: BuiltSiteFacts;
}

/** The build's facts a handler may need: fixed when the site is built, the same in every runtime. */
export interface BuiltSiteFacts {
  /** The site's origin, without a trailing slash (`settings(model).siteUrl` of the build). */
  url: string;
  /** What `server.data(model)` returned for the build (JSON). */
  data: unknown;
}

/** A request handler: the Fetch API's `(request, env) => response`, with a context third. */
export type FetchHandler<Env = Record<string, unknown>> = (
  request: Request,
  env: Env,
  context: HandlerContext,
) => Response | Promise<Response>;

/**
 * A SQL database the handlers reach as `env[name]`: SQLite with the D1 API. On Cloudflare it is a
 * D1 binding; in Node (`dev`, `preview`, a site's own commands) a SQLite file opened with
 * better-sqlite3 behind the same calls (cli/server/sqlite-binding.ts). Both apply the same
 * migration files, named as Wrangler names them (`0001_name.sql`).
 */
export interface SqlDatabaseSpec {
  /** The folder of migration files, relative to the project root. */
  migrations: string;
  /**
   * Where the Node runtime keeps the file: a variable naming it, and the project-relative file used
   * when it is unset.
   */
  file: { variable: string; default: string };
  /** The D1 database on Cloudflare: its name, and its id (from `wrangler d1 create`) when the build knows it. */
  d1: { databaseName: string; databaseId?: string };
}

/** A command a site adds to `sitegen`, from a module whose default export builds it. */
export type SiteCommandModule = string;

/** The requests a site answers itself. */
export interface ServerSpec<Model = unknown> {
  /** The name the site deploys under where a host asks for one (a Cloudflare Worker's name). */
  name: string;
  /** Each handler module, project-relative, by the exact path it answers: `{ '/api/hello': 'server/hello.ts' }`. */
  routes: Record<string, string>;
  /**
   * Variables handed to the handlers as `env` at request time, read from the process environment in
   * Node, from the host's settings elsewhere.
   */
  env?: readonly string[];
  /**
   * JSON the build hands the handlers as `context.site.data`: what they need of the content (texts,
   * addresses of pages).
   */
  data?(model: Model): unknown;
  /** SQL databases by the `env` name the handlers reach them under. */
  databases?: Record<string, SqlDatabaseSpec>;
  /**
   * Per host, a module whose default export `(env) => bindings` adds to `env` what that host
   * provides through a library rather than a binding (a Netlify Blobs store, say).
   */
  bindings?: { netlify?: string };
  /**
   * Commands the site adds to `sitegen` (its owner's tools), by name: each module's default export
   * is a `SiteCommandFactory`.
   */
  commands?: Record<string, SiteCommandModule>;
}

/** A value a SQL statement binds or returns. */
export type SqlValue = string | number | null;

/** A prepared statement, as D1 has it: bound, then run for its first row, all rows or its changes. */
export interface SqlStatement {
  bind(...values: SqlValue[]): SqlStatement;
  first<Row = Record<string, SqlValue>>(): Promise<Row | null>;
  all<Row = Record<string, SqlValue>>(): Promise<{ results: Row[] }>;
  run(): Promise<{ meta: { changes: number } }>;
}

/** The part of D1's API a site's handlers use; a D1 binding is one, and so is the Node runtime's SQLite file. */
export interface SqlDatabase {
  prepare(sql: string): SqlStatement;
  /** Runs the statements in one transaction: all of them or none. */
  batch(statements: SqlStatement[]): Promise<unknown[]>;
}

/** What the engine hands a site's command module. */
export interface SiteCommandTools {
  /** The project folder. */
  root: string;
  /** The process environment. */
  env: Record<string, string | undefined>;
  /** A SQL database the site declares, opened as `dev` and `preview` open it (its file, its migrations applied). */
  openDatabase(name: string): SqlDatabase & { close(): void };
}

/** A site command module's default export: builds the command (commander) the engine adds to `sitegen`. */
export type SiteCommandFactory = (tools: SiteCommandTools) => import('commander').Command;
