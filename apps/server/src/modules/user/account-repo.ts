import type { Insertable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/db.ts';

/** What the account screens write besides the user row: verify tickets, sessions, usage marks, notice closes. */
export class AccountRepo {
  constructor(private readonly db: Db) {}

  async insertTicket(row: Insertable<Database['verify_tickets']>): Promise<void> {
    await this.db.insertInto('verify_tickets').values(row).execute();
  }

  /** The unused, unexpired ticket of this user, purpose and phone with the hash `ticketHash`. */
  liveTicket(q: { ticketHash: string; userId: string; purpose: string; phone: string; now: string }) {
    return this.db
      .selectFrom('verify_tickets')
      .select('id')
      .where('ticket_hash', '=', q.ticketHash)
      .where('user_id', '=', q.userId)
      .where('purpose', '=', q.purpose)
      .where('phone', '=', q.phone)
      .where('used_at', 'is', null)
      .where('expires_at', '>', q.now)
      .executeTakeFirst();
  }

  /** Uses the ticket up; false when another request used it first. */
  async useTicket(db: Db, id: string, at: string): Promise<boolean> {
    const used = await db
      .updateTable('verify_tickets')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }

  /** Ends every live session of the user but `keepSessionId`. */
  async revokeOtherSessions(db: Db, userId: string, keepSessionId: string, at: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('id', '!=', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertUsageMark(row: Insertable<Database['usage_marks']>): Promise<void> {
    await this.db.insertInto('usage_marks').values(row).execute();
  }

  /** Whether the notice exists and is switched on. */
  async noticeIsOn(id: string): Promise<boolean> {
    const n = await this.db
      .selectFrom('notices')
      .select('id')
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    return n !== undefined;
  }

  /** The user closed the notice (closing twice is one close). */
  async closeNotice(userId: string, noticeId: string, at: string): Promise<void> {
    await this.db
      .insertInto('user_notice_closes')
      .values({ user_id: userId, notice_id: noticeId, closed_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
      .execute();
  }
}
