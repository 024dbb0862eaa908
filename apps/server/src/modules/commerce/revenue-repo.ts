import type { Db } from '../../db/db.ts';

/** The reads behind the console's revenue figures: what was created, paid and refunded since a time. */
export class RevenueRepo {
  constructor(private readonly db: Db) {}

  /** How many users or bids there are. */
  async count(table: 'users' | 'bids', db: Db = this.db): Promise<number> {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** Creation times of the users or bids created at or after `since`. */
  createdSince(table: 'users' | 'bids', since: string) {
    return this.db.selectFrom(table).select('created_at').where('created_at', '>=', since).execute();
  }

  /** Orders created, paid or refunded at or after `since`, with their amounts. */
  ordersMovedSince(since: string) {
    return this.db
      .selectFrom('orders')
      .select(['created_at', 'paid_at', 'refunded_at', 'amount'])
      .where((eb) =>
        eb.or([eb('created_at', '>=', since), eb('paid_at', '>=', since), eb('refunded_at', '>=', since)]),
      )
      .execute();
  }
}
