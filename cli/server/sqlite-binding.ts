// A SQLite file behind the part of D1's API the handlers use (SqlDatabase), for the Node runtime:
// `dev`, `preview` and a site's own commands. D1 is SQLite, so the same SQL and the same migration
// files serve both; the migrations applied are recorded in `d1_migrations`, the table Wrangler
// keeps on D1, so a file and a D1 database say the same about what they hold.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqlDatabase, SqlStatement, SqlValue } from '../config/server-spec.ts';

/** How long a write waits for another process holding the file (a `preview` and an owner's command, say). */
const busyTimeoutMs = 5000;

/** The table Wrangler records applied migrations in. */
const migrationsTable = 'd1_migrations';

/** The migration files of a folder, in the order they apply: `0001_name.sql`, `0002_…`. */
export function migrationFiles(folder: string): { name: string; sql: string }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(path.join(folder, name), 'utf8') }));
}

/**
 * The statements of a migration file, split at each `;` that ends a line (D1's `exec` takes one
 * statement per line, so the files are applied as a batch of statements instead).
 */
export function migrationStatements(sql: string): string[] {
  return sql
    .split(/;[ \t]*(?:--[^\n]*)?(?:\r?\n|$)/)
    .map((statement) => statement.replace(/^\s*(?:--[^\n]*\n\s*)*/, '').trim())
    .filter((statement) => statement.length > 0);
}

/** Applies, in one transaction each, the migrations of `folder` that `db` has not recorded yet; returns their names. */
export async function applyMigrations(db: SqlDatabase, folder: string): Promise<string[]> {
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${migrationsTable} (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP)`,
    )
    .run();
  const applied = new Set(
    (await db.prepare(`SELECT name FROM ${migrationsTable}`).all<{ name: string }>()).results.map((row) => row.name),
  );
  const done: string[] = [];
  for (const file of migrationFiles(folder)) {
    if (applied.has(file.name)) continue;
    await db.batch([
      ...migrationStatements(file.sql).map((statement) => db.prepare(statement)),
      db.prepare(`INSERT INTO ${migrationsTable} (name) VALUES (?)`).bind(file.name),
    ]);
    done.push(file.name);
  }
  return done;
}

/** A SQLite file as a SqlDatabase, with `close()`. */
export type SqliteDatabase = SqlDatabase & { close(): void };

/**
 * Opens `file` (creating it and its folder) on first use and applies the migrations of
 * `migrationsFolder`. Nothing happens until a statement runs, and a file that cannot be opened or
 * migrated fails that statement, not the server: a handler answers what it answers when its
 * store cannot be written.
 */
export function openSqliteDatabase(file: string, migrationsFolder: string): SqliteDatabase {
  let opened: Promise<BetterSqlite3.Database> | undefined;
  let handle: BetterSqlite3.Database | undefined;
  const open = () =>
    (opened ??= (async () => {
      // Loaded on first use: a site without databases never loads the native module.
      const { default: Database } = await import('better-sqlite3');
      mkdirSync(path.dirname(file), { recursive: true });
      const connection = new Database(file, { timeout: busyTimeoutMs });
      try {
        // Readers never wait on a writer, and a commit survives the process being killed.
        connection.pragma('journal_mode = WAL');
        connection.pragma('synchronous = FULL');
        handle = connection;
        await applyMigrations(
          database(() => Promise.resolve(connection)),
          migrationsFolder,
        );
        return connection;
      } catch (error) {
        connection.close();
        handle = undefined;
        throw error;
      }
    })().catch((error: unknown) => {
      // The next statement tries again: the file may be writable by then.
      opened = undefined;
      throw error;
    }));
  return Object.assign(database(open), { close: () => handle?.close() });
}

/** A SqlDatabase over a connection that `connection()` resolves to. */
function database(connection: () => Promise<BetterSqlite3.Database>): SqlDatabase {
  const statement = (
    sql: string,
    values: SqlValue[] = [],
  ): SqlStatement & { apply(db: BetterSqlite3.Database): unknown } => {
    const prepared = async () => (await connection()).prepare(sql);
    return {
      bind: (...more) => statement(sql, [...values, ...more]),
      first: async <Row>() => {
        const ready = await prepared();
        return ((ready.reader ? ready.get(...values) : (ready.run(...values), undefined)) ?? null) as Row | null;
      },
      all: async <Row>() => {
        const ready = await prepared();
        return { results: (ready.reader ? ready.all(...values) : (ready.run(...values), [])) as Row[] };
      },
      run: async () => {
        const ready = await prepared();
        if (ready.reader) {
          ready.all(...values);
          return { meta: { changes: 0 } };
        }
        return { meta: { changes: ready.run(...values).changes } };
      },
      // As D1's batch answers: each statement's rows and changes.
      apply: (db) => {
        const ready = db.prepare(sql);
        return ready.reader
          ? { results: ready.all(...values), meta: { changes: 0 } }
          : { results: [], meta: { changes: ready.run(...values).changes } };
      },
    };
  };
  return {
    prepare: (sql) => statement(sql),
    batch: async (statements) => {
      const db = await connection();
      const run = db.transaction(() => statements.map((each) => (each as ReturnType<typeof statement>).apply(db)));
      return run();
    },
  };
}
