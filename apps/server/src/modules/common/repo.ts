import { inTx, type Db } from '../../db/db.ts';
import type { NoticeTable } from './tables.ts';

/** Queries of notices, their closes and partners: as the site reads them, and the console's. */
export class NoticeRepo {
  constructor(private readonly db: Db) {}

  /** Live notices of a kind at `now`: switched on and inside their optional time window. */
  private live(kind: 'head' | 'update', now: string) {
    return this.db
      .selectFrom('notices')
      .selectAll()
      .where('kind', '=', kind)
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]));
  }

  async closedBy(userId: string, noticeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_notice_closes')
      .select('notice_id')
      .where('user_id', '=', userId)
      .where('notice_id', '=', noticeId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The first live banner at `now`, of those `userId` (if any) has not closed. */
  firstHead(now: string, userId: string | null) {
    let q = this.live('head', now);
    if (userId) {
      q = q.where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_notice_closes')
              .select('notice_id')
              .whereRef('notice_id', '=', 'notices.id')
              .where('user_id', '=', userId),
          ),
        ),
      );
    }
    return q.orderBy('sort', 'asc').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
  }

  /** The newest live release notes at `now`. */
  latestUpdate(now: string) {
    return this.live('update', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** Partners switched on, in their order (at most 100). */
  partners() {
    return this.db
      .selectFrom('partners')
      .selectAll()
      .where('status', '=', 1)
      .orderBy('sort', 'asc')
      .orderBy('created_at', 'asc')
      .limit(100)
      .execute();
  }

  // ---- the console's side ----

  /** The newest notices (at most 500) with how many users closed each. */
  async allWithCloses() {
    const rows = await this.db
      .selectFrom('notices')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    if (!rows.length) return [];
    const counts = await this.db
      .selectFrom('user_notice_closes')
      .select(['notice_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where(
        'notice_id',
        'in',
        rows.map((r) => r.id),
      )
      .groupBy('notice_id')
      .execute();
    const closed = new Map(counts.map((c) => [c.notice_id, Number(c.n)]));
    return rows.map((row) => ({ row, closed: closed.get(row.id) ?? 0 }));
  }

  async oneWithCloses(id: string) {
    const row = await this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const c = await this.db
      .selectFrom('user_notice_closes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('notice_id', '=', id)
      .executeTakeFirst();
    return { row, closed: Number(c?.n ?? 0) };
  }

  insert(row: NoticeTable) {
    return this.db.insertInto('notices').values(row).execute();
  }

  /** false: no such notice. */
  async update(id: string, patch: Partial<NoticeTable>): Promise<boolean> {
    const res = await this.db.updateTable('notices').set(patch).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** The notice and its closes; false: no such notice. */
  remove(id: string): Promise<boolean> {
    return inTx(this.db, async (trx) => {
      await trx.deleteFrom('user_notice_closes').where('notice_id', '=', id).execute();
      const res = await trx.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    });
  }
}
