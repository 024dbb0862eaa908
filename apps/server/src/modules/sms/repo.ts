import { AUTH_LIMITS, type SmsPurpose } from '@bid/shared';
import { inTx, type Db } from '../../db/db.ts';
import type { SmsCodeTable } from './tables.ts';

/** The sms_codes table: one row per code sent, used up once (or after too many wrong tries). */
export class SmsCodeRepo {
  constructor(private readonly db: Db) {}

  /** A new code for the phone and purpose; the ones before it are used up. */
  replace(row: SmsCodeTable): Promise<void> {
    return inTx(this.db, async (trx) => {
      await trx
        .updateTable('sms_codes')
        .set({ consumed_at: row.created_at })
        .where('phone', '=', row.phone)
        .where('purpose', '=', row.purpose)
        .where('consumed_at', 'is', null)
        .execute();
      await trx.insertInto('sms_codes').values(row).execute();
    });
  }

  async consume(id: string, at: string): Promise<void> {
    await this.db.updateTable('sms_codes').set({ consumed_at: at }).where('id', '=', id).execute();
  }

  async deleteExpiredBefore(at: string): Promise<void> {
    await this.db.deleteFrom('sms_codes').where('expires_at', '<', at).execute();
  }

  latest(phone: string, purpose: SmsPurpose) {
    return this.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** One wrong try counted on a live code; false: it is used up or had its tries. */
  async countWrongTry(id: string): Promise<boolean> {
    const res = await this.db
      .updateTable('sms_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', AUTH_LIMITS.smsMaxWrongTries)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Uses the live code up; false when another request used it first (single use under races). */
  async useUp(id: string, at: string): Promise<boolean> {
    const used = await this.db
      .updateTable('sms_codes')
      .set({ consumed_at: at })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .where('attempts', '<', AUTH_LIMITS.smsMaxWrongTries)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) === 1;
  }
}
