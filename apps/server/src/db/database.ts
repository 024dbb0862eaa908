import fs from 'node:fs';
import path from 'node:path';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** postgres://... switches to PostgreSQL; otherwise SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL schema to use (tests: a fresh schema per run). */
  pgSchema?: string;
}

/**
 * Kysely's SQLite driver guards its one connection with a mutex whose waiters all wake on every
 * release and race for it again: with 200 requests in flight each query's hand-over resumed ~200
 * waiting calls (O(n²) per burst; a closed loop of 200 callers doing 5 queries each used 2.6x the
 * CPU and took 3-4x as long as with a queue). Here waiters queue and the connection is handed to
 * the longest waiting one: first come, first served, one wake-up per hand-over.
 */
export class FairSqliteDriver extends SqliteDriver {
  private readonly waiters: Array<() => void> = [];
  private held = false;

  override async acquireConnection(): Promise<DatabaseConnection> {
    // While held (or being handed over) a newcomer waits its turn instead of barging in.
    if (this.held) await new Promise<void>((resolve) => this.waiters.push(resolve));
    this.held = true;
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.waiters.shift();
    if (next) next();
    else this.held = false;
  }
}

class FairSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.settings);
  }
}

/** Distinct statements kept prepared; dynamic SQL (IN lists, bulk inserts) falls out first-in first-out. */
const STATEMENT_CACHE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, which was the largest single cost of a request
 * under load (parsing and planning the same few dozen statements over and over). Statements are
 * reusable in better-sqlite3 (SQLite re-prepares them itself after a schema change), so the same SQL
 * text gets the same statement. Safe because every query runs to completion synchronously: nothing
 * here streams rows (`.stream()` would hold a statement open while another call wanted it).
 */
export function cachedStatements(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

export function openDatabase(opts: OpenDbOptions): DbHandle {
  let dialect: Dialect;
  let kind: DbKind;
  if (opts.databaseUrl) {
    kind = 'postgres';
    // Bigint (count(*)) answers as a JS number: counts here never approach 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    dialect = new PostgresDialect({ pool });
  } else {
    kind = 'sqlite';
    fs.mkdirSync(opts.dataDir, { recursive: true });
    const file = path.join(opts.dataDir, 'bid.sqlite');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    dialect = new FairSqliteDialect({ database: cachedStatements(sqlite) });
  }
  const db = new Kysely<Database>({ dialect });
  return { db, kind, close: () => db.destroy() };
}
