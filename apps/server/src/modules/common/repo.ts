import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Queries of notices, their closes and partners, as the site reads them. */
export class NoticeRepo {
  constructor(private readonly db: Kysely<Database>) {}

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
}
