import type { WechatSceneTable } from './tables.ts';
import type { Db } from '../../db/db.ts';

/**
 * The wechat_scenes table. Every change is one conditional UPDATE, so a scene moves
 * waiting -> scanned -> confirmed -> consumed once even under races.
 */
export class WechatSceneRepo {
  constructor(private readonly db: Db) {}

  async insert(row: WechatSceneTable): Promise<void> {
    await this.db.insertInto('wechat_scenes').values(row).execute();
  }

  async deleteExpiredBefore(at: string): Promise<void> {
    await this.db.deleteFrom('wechat_scenes').where('expires_at', '<', at).execute();
  }

  find(code: string) {
    return this.db.selectFrom('wechat_scenes').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** A live waiting scene turns scanned; false when it was not one. */
  async markScanned(code: string, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('wechat_scenes')
      .set({ state: 'scanned', scanned_at: now })
      .where('code', '=', code)
      .where('state', '=', 'waiting')
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A live waiting or scanned scene turns confirmed by `openid`; false when it was not one. */
  async confirm(code: string, openid: string, nickname: string | null, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('wechat_scenes')
      .set({ state: 'confirmed', openid, nickname, confirmed_at: now })
      .where('code', '=', code)
      .where('state', 'in', ['waiting', 'scanned'])
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** A confirmed scene that expired after `notExpiredBefore` is used up; false when it was not one. */
  async consume(code: string, now: string, notExpiredBefore: string): Promise<boolean> {
    const r = await this.db
      .updateTable('wechat_scenes')
      .set({ consumed_at: now })
      .where('code', '=', code)
      .where('state', '=', 'confirmed')
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', notExpiredBefore)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }
}
