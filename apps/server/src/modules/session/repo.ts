import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/db.ts';

export class SessionRepo {
  constructor(private readonly db: Db) {}

  insert(row: Database['sessions']) {
    return this.db.insertInto('sessions').values(row).execute();
  }

  /** The live session for a token hash, joined with its user's standing. */
  findLive(tokenHash: string, nowIso: string) {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'users.tenant_id as tenantId',
        'users.role as role',
        'users.is_employee as isEmployee',
        'users.status as userStatus',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  touch(id: string, nowIso: string) {
    return this.db.updateTable('sessions').set({ last_seen_at: nowIso }).where('id', '=', id).execute();
  }

  revoke(id: string, nowIso: string) {
    return this.db.updateTable('sessions').set({ revoked_at: nowIso }).where('id', '=', id).execute();
  }

  revokeAllOfUser(userId: string, nowIso: string) {
    return this.db
      .updateTable('sessions')
      .set({ revoked_at: nowIso })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
