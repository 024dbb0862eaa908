import { maskPhone, type InviteInfo } from '@bid/shared';
import { notFound } from '../../http/errors.ts';
import type { Actor } from '../../policy/actor.ts';
import { InviteRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

/**
 * The caller's invitations: their code, the reward rule in force (INVITE_REWARD_BIDS, granted at
 * registration by AuthService.register), and the accounts registered with the code.
 */
export class InviteService {
  private readonly repo: InviteRepo;

  constructor(
    db: Db,
    private readonly rewardBids: number,
  ) {
    this.repo = new InviteRepo(db);
  }

  async info(actor: Actor): Promise<InviteInfo> {
    const me = await this.repo.inviter(actor.userId);
    if (!me) throw notFound('用户不存在');
    const { total, bids, rows } = await this.repo.invitees(actor.userId);
    return {
      code: me.own_invite_code,
      rewardBids: this.rewardBids,
      rewardHolder: me.is_employee === 1 ? 'tenant' : 'user',
      invitedTotal: total,
      rewardedBidsTotal: bids,
      invitees: rows.map((r) => ({
        account: maskPhone(r.phone) || r.name || '微信用户',
        createTime: r.created_at,
        rewardBids: r.reward_units,
      })),
    };
  }
}
