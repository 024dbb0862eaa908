import type { HeadNotice, Partner, UpdateNotice } from '@bid/shared';
import type { Clock } from '../../http/rate-limit.ts';
import { iso } from '../auth/util.ts';
import { NoticeRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

/** Notices (banner, release notes) and the partner list of the landing page. */
export class CommonService {
  private readonly repo: NoticeRepo;

  constructor(
    db: Db,
    private readonly clock: Clock,
  ) {
    this.repo = new NoticeRepo(db);
  }

  /** The first live banner this user has not closed. */
  async headNotice(userId: string | null): Promise<HeadNotice> {
    const row = await this.repo.firstHead(iso(this.clock.now()), userId);
    return row
      ? { id: row.id, title: row.title, content: row.content, link: row.link, level: row.level }
      : null;
  }

  /** Release notes of the newest version, once per user: null after they closed them (and for visitors). */
  async updateNotice(userId: string | null): Promise<UpdateNotice> {
    if (!userId) return null;
    const row = await this.repo.latestUpdate(iso(this.clock.now()));
    if (!row || (await this.repo.closedBy(userId, row.id))) return null;
    return {
      id: row.id,
      version: row.version ?? '',
      title: row.title,
      content: row.content,
      publishedAt: row.start_at ?? row.created_at,
    };
  }

  async partners(): Promise<Partner[]> {
    const rows = await this.repo.partners();
    return rows.map((p) => ({
      id: p.id,
      name: p.name,
      logo: p.logo_url,
      link: p.link,
      description: p.description,
    }));
  }
}
