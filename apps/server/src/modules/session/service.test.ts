import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedUser } from '../../../../../bench/seed.ts';
import { SessionRepo } from './repo.ts';
import { SessionService } from './service.ts';
import type { Db } from '../../db/db.ts';

let dir: string;
let h: DbHandle;
/** The app's handle: writes through it empty the cache. */
let db: Db;
let lookups: number;
let sessions: SessionService;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-test-'));
  h = openDatabase({ dataDir: dir });
  await migrateToLatest(h.db);
  const repo = new SessionRepo(h.db);
  lookups = 0;
  const findLive = repo.findLive.bind(repo);
  repo.findLive = (hash, now) => {
    lookups += 1;
    return findLive(hash, now);
  };
  // An hour: nothing in these tests may depend on the cache running out.
  sessions = new SessionService(repo, 3600, 3_600_000);
  db = h.db.withPlugin(sessions.invalidator());
});
afterEach(async () => {
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function signedIn() {
  const { userId, tenantId } = await seedUser(db, '13900004444');
  const { token } = await sessions.create(userId, tenantId);
  return { userId, tenantId, token };
}

describe('the session cache', () => {
  it('looks a token up once, then answers from memory', async () => {
    const { token, userId } = await signedIn();
    expect((await sessions.resolve(token))?.userId).toBe(userId);
    expect((await sessions.resolve(token))?.userId).toBe(userId);
    expect(lookups).toBe(1);
  });

  it('forgets a session at once on logout and on revoking all of a user', async () => {
    const a = await signedIn();
    const actor = (await sessions.resolve(a.token))!;
    await sessions.revoke(actor.sessionId);
    expect(await sessions.resolve(a.token)).toBeNull();

    const { token } = await sessions.create(a.userId, a.tenantId);
    expect(await sessions.resolve(token)).not.toBeNull();
    await sessions.revokeAllOfUser(a.userId);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('sees a change of role, company or standing written through the app handle on the next call', async () => {
    const { token, userId } = await signedIn();
    expect((await sessions.resolve(token))?.role).toBe('personal');
    await db.updateTable('users').set({ role: 'company_admin' }).where('id', '=', userId).execute();
    expect((await sessions.resolve(token))?.role).toBe('company_admin');
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: 'disabled' }).where('id', '=', userId).execute();
    });
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('sees a session revoked by a direct write to the sessions table (password change)', async () => {
    const { token, userId } = await signedIn();
    expect(await sessions.resolve(token)).not.toBeNull();
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('keeps its entries across writes to other tables', async () => {
    const { token, tenantId } = await signedIn();
    await sessions.resolve(token);
    await db.updateTable('tenants').set({ name: '某公司' }).where('id', '=', tenantId).execute();
    await sessions.resolve(token);
    expect(lookups).toBe(1);
  });
});
