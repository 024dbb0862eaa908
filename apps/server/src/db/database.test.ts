import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { cachedStatements, FairSqliteDriver, openDatabase } from './database.ts';

describe('SQLite statements are prepared once', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-db-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the same SQL text gets the same statement, and the cache stays bounded', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = Object.assign(Object.create(raw) as SQLite.Database, {
      prepare: (text: string) => {
        prepared += 1;
        return raw.prepare(text);
      },
    });
    const db = cachedStatements(counting);
    const a = db.prepare('select 1 as x');
    expect(db.prepare('select 1 as x')).toBe(a);
    expect(prepared).toBe(1);
    for (let i = 0; i < 600; i++) db.prepare(`select ${i} as y`);
    expect(prepared).toBe(601);
    // The first statement fell out first-in first-out; asking again prepares it anew.
    db.prepare('select 1 as x');
    expect(prepared).toBe(602);
    raw.close();
  });

  it('reused statements answer each call with its own parameters, in and out of transactions', async () => {
    const { db, close } = openDatabase({ dataDir: dir });
    try {
      await sql`create table t (id integer primary key, v text)`.execute(db);
      for (let i = 0; i < 5; i++)
        await db
          .insertInto('t' as never)
          .values({ id: i, v: `v${i}` } as never)
          .execute();
      const read = (id: number) => sql<{ v: string }>`select v from t where id = ${id}`.execute(db);
      expect((await read(3)).rows).toEqual([{ v: 'v3' }]);
      expect((await read(4)).rows).toEqual([{ v: 'v4' }]);
      await db.transaction().execute(async (trx) => {
        await sql`update t set v = ${'w'} where id = ${2}`.execute(trx);
        expect((await sql<{ v: string }>`select v from t where id = ${2}`.execute(trx)).rows).toEqual([
          { v: 'w' },
        ]);
      });
      // A statement prepared before a schema change still works after it (SQLite re-prepares it).
      await sql`alter table t add column w text`.execute(db);
      expect((await read(2)).rows).toEqual([{ v: 'w' }]);
    } finally {
      await close();
    }
  });
});

describe('the SQLite connection is handed over first come, first served', () => {
  it('a caller arriving as the connection is released waits behind the one already waiting (no barging)', async () => {
    const raw = new SQLite(':memory:');
    const driver = new FairSqliteDriver({ database: raw });
    await driver.init();
    const order: string[] = [];
    const first = await driver.acquireConnection();
    const waiting = driver.acquireConnection().then(async () => {
      order.push('waiting');
      await driver.releaseConnection();
    });
    await new Promise((r) => setTimeout(r, 5));
    // Release and ask again in the same tick, as a request does between two of its queries.
    void driver.releaseConnection();
    const newcomer = driver.acquireConnection().then(async () => {
      order.push('newcomer');
      await driver.releaseConnection();
    });
    await Promise.all([waiting, newcomer]);
    void first;
    // Kysely's own mutex let the newcomer in first: ['newcomer', 'waiting'].
    expect(order).toEqual(['waiting', 'newcomer']);
    await driver.destroy();
  });

  it('waiting queries run in the order they asked, one wake-up per hand-over', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bid-db-fifo-'));
    const { db, close } = openDatabase({ dataDir: dir });
    try {
      const order: number[] = [];
      // A transaction holds the connection while 50 queries queue behind it.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const trx = db.transaction().execute(async (t) => {
        await sql`select 1`.execute(t);
        await held;
      });
      await new Promise((r) => setTimeout(r, 10));
      const queued = Array.from({ length: 50 }, (_, i) =>
        sql`select ${i} as i`.execute(db).then(() => order.push(i)),
      );
      // A newcomer while the first waiters are being served must not overtake them.
      release();
      await trx;
      const late = sql`select 99 as i`.execute(db).then(() => order.push(99));
      await Promise.all([...queued, late]);
      expect(order).toEqual([...Array.from({ length: 50 }, (_, i) => i), 99]);
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
