import type { Kysely } from 'kysely';
import type { HeadNotice, Partner, UpdateNotice } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import type { Clock } from '../../http/rate-limit.ts';
import { iso } from '../auth/util.ts';

/** Notices (banner, release notes) and the partner list of the landing page. */
export class CommonService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  /** Live notices of a kind: switched on and inside their optional time window. */
  private live(kind: 'head' | 'update') {
    const now = iso(this.clock.now());
    return this.db
      .selectFrom('notices')
      .selectAll()
      .where('kind', '=', kind)
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]));
  }

  private async closedBy(userId: string, noticeId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_notice_closes')
      .select('notice_id')
      .where('user_id', '=', userId)
      .where('notice_id', '=', noticeId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The first live banner this user has not closed. */
  async headNotice(userId: string | null): Promise<HeadNotice> {
    let q = this.live('head');
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
    const row = await q.orderBy('sort', 'asc').orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    return row
      ? { id: row.id, title: row.title, content: row.content, link: row.link, level: row.level }
      : null;
  }

  /** Release notes of the newest version, once per user: null after they closed them (and for visitors). */
  async updateNotice(userId: string | null): Promise<UpdateNotice> {
    if (!userId) return null;
    const row = await this.live('update')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row || (await this.closedBy(userId, row.id))) return null;
    return {
      id: row.id,
      version: row.version ?? '',
      title: row.title,
      content: row.content,
      publishedAt: row.start_at ?? row.created_at,
    };
  }

  async partners(): Promise<Partner[]> {
    const rows = await this.db
      .selectFrom('partners')
      .selectAll()
      .where('status', '=', 1)
      .orderBy('sort', 'asc')
      .orderBy('created_at', 'asc')
      .limit(100)
      .execute();
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      logo: p.logo_url,
      link: p.link,
      description: p.description,
    }));
  }
}
