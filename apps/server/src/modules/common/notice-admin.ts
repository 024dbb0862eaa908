import type { Kysely } from 'kysely';
import type { AdminNoticeItem, SaveNotice } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { NoticeTable } from '../auth/tables.ts';
import { inTx } from '../../db/db.ts';

const LEVELS = ['info', 'warning', 'success', 'error'] as const;

function item(r: NoticeTable, closedCount: number): AdminNoticeItem {
  return {
    id: r.id,
    kind: r.kind === 'update' ? 'update' : 'head',
    title: r.title,
    content: r.content,
    link: r.link,
    version: r.version,
    level: (LEVELS as readonly string[]).includes(r.level) ? (r.level as AdminNoticeItem['level']) : 'info',
    published: r.status === 1,
    startAt: r.start_at,
    endAt: r.end_at,
    closedCount,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const isoOrNull = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

/**
 * The console's side of the notices CommonService shows: the banner (head) and the release notes
 * (update) dialog. Users' closes (user_notice_closes) are kept when a notice is edited: an edit
 * does not show a closed notice again; a new notice does.
 */
export class NoticeAdminService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(): Promise<AdminNoticeItem[]> {
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
    return rows.map((r) => item(r, closed.get(r.id) ?? 0));
  }

  private async one(id: string): Promise<AdminNoticeItem> {
    const row = await this.db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('公告不存在或已删除');
    const c = await this.db
      .selectFrom('user_notice_closes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('notice_id', '=', id)
      .executeTakeFirst();
    return item(row, Number(c?.n ?? 0));
  }

  async save(input: SaveNotice): Promise<AdminNoticeItem> {
    const at = this.now().toISOString();
    if (input.startAt && input.endAt && Date.parse(input.startAt) >= Date.parse(input.endAt))
      throw badRequest('结束时间须晚于开始时间');
    const fields = {
      kind: input.kind,
      title: input.title.trim(),
      content: input.content.trim(),
      link: input.link?.trim() || null,
      version: input.version?.trim() || null,
      level: input.level ?? 'info',
      status: input.published ? 1 : 0,
      start_at: isoOrNull(input.startAt),
      end_at: isoOrNull(input.endAt),
      updated_at: at,
    };
    if (input.id === undefined) {
      const id = newId();
      await this.db
        .insertInto('notices')
        .values({ id, ...fields, sort: 0, created_at: at })
        .execute();
      return this.one(id);
    }
    const id = String(input.id);
    const res = await this.db.updateTable('notices').set(fields).where('id', '=', id).executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw notFound('公告不存在或已删除');
    return this.one(id);
  }

  async setPublished(id: string, published: boolean): Promise<void> {
    const res = await this.db
      .updateTable('notices')
      .set({ status: published ? 1 : 0, updated_at: this.now().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (!Number(res.numUpdatedRows)) throw notFound('公告不存在或已删除');
  }

  async remove(id: string): Promise<void> {
    await inTx(this.db, async (trx) => {
      await trx.deleteFrom('user_notice_closes').where('notice_id', '=', id).execute();
      const res = await trx.deleteFrom('notices').where('id', '=', id).executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw notFound('公告不存在或已删除');
    });
  }
}
