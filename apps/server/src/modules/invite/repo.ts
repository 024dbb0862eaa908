import type { Kysely } from 'kysely';
import { INVITE_LIST_MAX } from '@bid/shared';
import type { Database } from '../../db/schema.ts';

/** Queries of invite_records (and the inviter's own code on users). */
export class InviteRepo {
  constructor(private readonly db: Kysely<Database>) {}

  inviter(userId: string) {
    return this.db
      .selectFrom('users')
      .select(['own_invite_code', 'is_employee'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** How many accounts the user invited and the bids they earned, with the newest INVITE_LIST_MAX invitees. */
  async invitees(userId: string) {
    const records = this.db.selectFrom('invite_records').where('inviter_user_id', '=', userId);
    const totals = await records
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.sum<number>('reward_units'), eb.val(0)).as('bids'),
      ])
      .executeTakeFirst();
    const rows = await records
      .innerJoin('users', 'users.id', 'invite_records.invitee_user_id')
      .select(['users.phone', 'users.name', 'invite_records.created_at', 'invite_records.reward_units'])
      .orderBy('invite_records.created_at', 'desc')
      .orderBy('invite_records.id', 'desc')
      .limit(INVITE_LIST_MAX)
      .execute();
    return { total: Number(totals?.n ?? 0), bids: Number(totals?.bids ?? 0), rows };
  }
}
