import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type Transaction } from 'kysely';
import { inSpan } from '../tracing/spans.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** The database handle with the dialect it speaks (migrations and a few queries differ by dialect). */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema in use, when not the default. */
  schema: string | undefined;
  /**
   * SQLite only: a second, read-only connection to the same file, for synchronous reads on the
   * hot path. WAL gives it the last committed state, never another request's open transaction
   * (which Kysely's single connection may be holding). Opened on first use, after migrations.
   */
  sqliteReader?: () => SQLite.Database;
  /** SQLite only: calls `listener` each time a write of this process has been committed. */
  onCommit?: (listener: () => void) => void;
  /**
   * SQLite only: how many times each SQL text has run on the main connection so far (not the
   * reader's): how tests tell the statements a piece of work costs, whatever the machine's speed.
   */
  statementRuns?: () => Map<string, number>;
  /**
   * Runs `fn` in one transaction on one connection: committed when it returns, rolled back when it
   * throws. SQLite: BEGIN IMMEDIATE takes the write lock up front (the process has one connection,
   * so its transactions run one after another, and other processes wait on busy_timeout).
   * PostgreSQL: READ COMMITTED; a transaction aborted by a deadlock or a serialization failure is
   * run again from the start (up to 5 times), so `fn` must only touch the database it is given.
   */
  tx<T>(fn: (conn: Conn) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A connection or a transaction: repositories take either, so services decide the transaction. */
export type Conn = Kysely<Database> | Transaction<Database>;

// int8 (count(*), bigint money) would come back as strings; every integer we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export interface DbOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  databaseSchema?: string | undefined;
  /** SQLite file name under dataDir (default app.db; the games host keeps its own). */
  file?: string | undefined;
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a small query (it was half
 * of an authenticated request's time). The app issues a bounded set of SQL shapes, so prepared
 * statements are kept by SQL text. Safe because better-sqlite3 runs each statement synchronously.
 * It also tells `committed` when a write of this connection has been committed (a write outside a
 * transaction, or the end of a transaction that wrote; a rollback too, which is harmless to tell).
 */
function withStatementCache(sqlite: SQLite.Database, committed: () => void, max = 500) {
  const cache = new Map<string, ReturnType<typeof watched>>();
  /** Runs per SQL text, kept across the statement cache's clearing. */
  const runs = new Map<string, { n: number }>();
  let wrote = false;
  const after = (stmt: SQLite.Statement) => {
    if (!stmt.readonly) wrote = true;
    if (wrote && !sqlite.inTransaction) {
      wrote = false;
      committed();
    }
  };
  // What Kysely's SQLite driver uses of a statement, each run followed by the commit check.
  const watched = (stmt: SQLite.Statement, count: { n: number }) => ({
    reader: stmt.reader,
    all(params: unknown[]) {
      count.n++;
      try {
        return stmt.all(params);
      } finally {
        after(stmt);
      }
    },
    run(params: unknown[]) {
      count.n++;
      try {
        return stmt.run(params);
      } finally {
        after(stmt);
      }
    },
    iterate: (params: unknown[]) => {
      count.n++;
      return stmt.iterate(params);
    },
  });
  return {
    runs: () => new Map([...runs].map(([sql, c]) => [sql, c.n])),
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let stmt = cache.get(sql);
      if (!stmt) {
        let count = runs.get(sql);
        if (!count) {
          // Bounded like the statements (SQL built for lists has many texts): a test's diff spans far fewer.
          if (runs.size >= 10 * max) runs.clear();
          runs.set(sql, (count = { n: 0 }));
        }
        stmt = watched(sqlite.prepare(sql), count);
        // Schema changes (migrations) make old statements stale; a bounded map also caps memory.
        if (cache.size >= max) cache.clear();
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}

// PostgreSQL may abort a transaction that lost a lock race; it is then safe to run it again.
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;
const BEGIN = { sqlite: CompiledQuery.raw('begin immediate'), postgres: CompiledQuery.raw('begin') };
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/** What each open transaction (by the connection it runs on) does once it has committed. */
const onCommitted = new WeakMap<Conn, (() => void)[]>();

/**
 * Runs `fn` once the transaction `conn` runs (from `Db.tx`) has committed, never if it rolls back;
 * at once when `conn` is no transaction of ours (its write was committed by itself).
 */
export function afterCommit(conn: Conn, fn: () => void): void {
  const pending = onCommitted.get(conn);
  if (pending) pending.push(fn);
  else fn();
}

/** The `db.system.name` of a dialect (OpenTelemetry's database conventions). */
const DB_SYSTEM = { sqlite: 'sqlite', postgres: 'postgresql' } as const;

/** The one way to run a transaction (see `Db.tx`); in a trace, one span covers it, its retries included. */
function transactions(kysely: Kysely<Database>, dialect: Dialect) {
  const attributes = { 'db.system.name': DB_SYSTEM[dialect], 'db.operation.name': 'transaction' };
  return <T>(fn: (conn: Conn) => Promise<T>): Promise<T> => inSpan('db.transaction', 'client', attributes, () => attempts(kysely, dialect, fn));
}

/** Runs `fn` in a transaction, again from the start when PostgreSQL aborted it for a lock race. */
async function attempts<T>(kysely: Kysely<Database>, dialect: Dialect, fn: (conn: Conn) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await kysely.connection().execute(async (conn) => {
        await conn.executeQuery(BEGIN[dialect]);
        const committed: (() => void)[] = [];
        onCommitted.set(conn, committed);
        try {
          const result = await fn(conn);
          await conn.executeQuery(COMMIT);
          onCommitted.delete(conn);
          for (const f of committed) f();
          return result;
        } catch (err) {
          onCommitted.delete(conn);
          await conn.executeQuery(ROLLBACK).catch(() => undefined);
          throw err;
        }
      });
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (attempt < MAX_ATTEMPTS && typeof code === 'string' && RETRYABLE.has(code)) continue;
      throw err;
    }
  }
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Opens SQLite (WAL, foreign keys) under dataDir, or PostgreSQL when a URL is given. */
export function openDb(opts: DbOptions): Db {
  if (opts.databaseUrl) {
    const schema = opts.databaseSchema;
    if (schema && !SCHEMA_NAME.test(schema)) throw new Error(`DATABASE_SCHEMA "${schema}" is not a plain identifier`);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      // Every pooled connection resolves unqualified tables in our schema first.
      ...(schema ? { options: `-c search_path=${schema},public` } : {}),
    });
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', schema, tx: transactions(kysely, 'postgres'), close: () => kysely.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, opts.file ?? 'app.db');
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const listeners: (() => void)[] = [];
  const committed = () => {
    for (const l of listeners) l();
  };
  const statements = withStatementCache(sqlite, committed);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  let reader: SQLite.Database | undefined;
  const sqliteReader = () => {
    if (!reader) {
      reader = new SQLite(file, { readonly: true, fileMustExist: true });
      reader.pragma('busy_timeout = 5000');
    }
    return reader;
  };
  const close = async () => {
    reader?.close();
    await kysely.destroy();
  };
  const onCommit = (listener: () => void) => {
    listeners.push(listener);
  };
  return { kysely, dialect: 'sqlite', schema: undefined, sqliteReader, onCommit, statementRuns: statements.runs, tx: transactions(kysely, 'sqlite'), close };
}
