import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { cachedStatements, openDatabase } from './database.ts';

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
      for (let i = 0; i < 5; i++) await db.insertInto('t' as never).values({ id: i, v: `v${i}` } as never).execute();
      const read = (id: number) => sql<{ v: string }>`select v from t where id = ${id}`.execute(db);
      expect((await read(3)).rows).toEqual([{ v: 'v3' }]);
      expect((await read(4)).rows).toEqual([{ v: 'v4' }]);
      await db.transaction().execute(async (trx) => {
        await sql`update t set v = ${'w'} where id = ${2}`.execute(trx);
        expect((await sql<{ v: string }>`select v from t where id = ${2}`.execute(trx)).rows).toEqual([{ v: 'w' }]);
      });
      // A statement prepared before a schema change still works after it (SQLite re-prepares it).
      await sql`alter table t add column w text`.execute(db);
      expect((await read(2)).rows).toEqual([{ v: 'w' }]);
    } finally {
      await close();
    }
  });
});
