import { Transaction, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The database, or a transaction in it. Repos take one (`db: Db = this.db`), so that a service can
 * run several of their calls in one transaction; the one place this type is declared.
 */
export type Db = Kysely<Database> | Transaction<Database>;
export type Tx = Transaction<Database>;

/**
 * Runs `work` in a transaction: in `db` itself when it already is one (the caller's transaction
 * spans the work), else in a new one. Kysely cannot nest transactions, so code that may be called
 * inside one uses this instead of `db.transaction()`.
 */
export function inTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof Transaction ? work(db) : db.transaction().execute(work);
}
