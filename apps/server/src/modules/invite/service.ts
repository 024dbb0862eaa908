import type { Kysely } from 'kysely';
import { INVITE_LIST_MAX, maskPhone, type InviteInfo } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';

/**
 * The caller's invitations: their code, the reward rule in force (INVITE_REWARD_BIDS, granted at
 * registration by AuthService.register), and the accounts registered with the code.
 */
export class InviteService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rewardBids: number,
  ) {}

  async info(actor: Actor): Promise<InviteInfo> {
    const me = await this.db
      .selectFrom('users')
      .select(['own_invite_code', 'is_employee'])
      .where('id', '=', actor.userId)
      .executeTakeFirst();
    if (!me) throw notFound('用户不存在');
    const records = this.db.selectFrom('invite_records').where('inviter_user_id', '=', actor.userId);
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
    return {
      code: me.own_invite_code,
      rewardBids: this.rewardBids,
      rewardHolder: me.is_employee === 1 ? 'tenant' : 'user',
      invitedTotal: Number(totals?.n ?? 0),
      rewardedBidsTotal: Number(totals?.bids ?? 0),
      invitees: rows.map((r) => ({
        account: maskPhone(r.phone) || r.name || '微信用户',
        createTime: r.created_at,
        rewardBids: r.reward_units,
      })),
    };
  }
}
