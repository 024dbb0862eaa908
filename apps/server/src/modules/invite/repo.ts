import { INVITE_LIST_MAX } from '@bid/shared';
import type { Db } from '../../db/db.ts';
import { newId } from '../../lib/ids.ts';

/** Queries of invite_records (and the inviter's own code on users). */
export class InviteRepo {
  constructor(private readonly db: Db) {}

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

  /**
   * An account registered with `inviter`'s code: the invitation is recorded, and `units` (> 0) go to
   * the grant bucket the inviter draws on (the company's for company users) with a quota log row.
   */
  async recordInvite(
    db: Db,
    r: {
      inviter: { id: string; tenant_id: string; is_employee: number };
      inviteeId: string;
      code: string;
      units: number;
      at: string;
    },
  ): Promise<void> {
    if (r.units > 0) {
      if (r.inviter.is_employee === 1)
        await db
          .updateTable('tenants')
          .set((eb) => ({ grant_bid_number: eb('grant_bid_number', '+', r.units) }))
          .where('id', '=', r.inviter.tenant_id)
          .execute();
      else
        await db
          .updateTable('users')
          .set((eb) => ({ grant_bid_number: eb('grant_bid_number', '+', r.units) }))
          .where('id', '=', r.inviter.id)
          .execute();
      // The inviter's quota history shows where the units came from.
      await db
        .insertInto('user_bid_logs')
        .values({
          id: newId(),
          user_id: r.inviter.id,
          tenant_id: r.inviter.tenant_id,
          bucket: 'grant',
          delta: r.units,
          reason: 'invite',
          bid_id: null,
          order_id: null,
          created_at: r.at,
        })
        .execute();
    }
    await db
      .insertInto('invite_records')
      .values({
        id: newId(),
        inviter_user_id: r.inviter.id,
        invitee_user_id: r.inviteeId,
        invitation_code: r.code,
        reward_units: r.units,
        created_at: r.at,
      })
      .execute();
  }
}
