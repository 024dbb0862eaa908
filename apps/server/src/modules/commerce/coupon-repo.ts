import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/db.ts';
import type { CouponTable } from './tables.ts';

/** coupons: the codes, and their use counted by conditional UPDATEs. */
export class CouponRepo {
  constructor(private readonly db: Db) {}

  byCode(code: string, db: Db = this.db) {
    return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  }

  byId(id: string) {
    return this.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** Takes one use unless the coupon is used up; false when another buyer took the last one. */
  async takeOne(db: Db, id: string): Promise<boolean> {
    const res = await db
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb(eb.ref('used_count'), '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('max_uses', 'is', null), eb('used_count', '<', eb.ref('max_uses'))]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Gives one use back to the coupon with this code (never below zero). */
  async giveBack(db: Db, code: string): Promise<void> {
    await db
      .updateTable('coupons')
      .set((eb) => ({ used_count: eb(eb.ref('used_count'), '-', 1) }))
      .where('code', '=', code)
      .where('used_count', '>', 0)
      .execute();
  }

  /** Every coupon, newest first. */
  list() {
    return this.db
      .selectFrom('coupons')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async insert(row: Insertable<CouponTable>): Promise<void> {
    await this.db.insertInto('coupons').values(row).execute();
  }

  update(id: string, values: Updateable<CouponTable>) {
    return this.db.updateTable('coupons').set(values).where('id', '=', id).executeTakeFirst();
  }
}
