import type { AdminNoticeItem, SaveNotice } from '@bid/shared';
import { badRequest, notFound } from '../../http/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { NoticeTable } from './tables.ts';
import { NoticeRepo } from './repo.ts';
import type { Db } from '../../db/db.ts';

const LEVELS = ['info', 'warning', 'success', 'error'] as const;

function item(r: NoticeTable, closedCount: number): AdminNoticeItem {
  return {
    id: r.id,
    kind: r.kind === 'update' ? 'update' : 'head',
    title: r.title,
    content: r.content,
    link: r.link,
    version: r.version,
    level: LEVELS.find((l) => l === r.level) ?? 'info',
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
  private readonly repo: NoticeRepo;

  constructor(
    db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.repo = new NoticeRepo(db);
  }

  async list(): Promise<AdminNoticeItem[]> {
    return (await this.repo.allWithCloses()).map((n) => item(n.row, n.closed));
  }

  private async one(id: string): Promise<AdminNoticeItem> {
    const n = await this.repo.oneWithCloses(id);
    if (!n) throw notFound('公告不存在或已删除');
    return item(n.row, n.closed);
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
      await this.repo.insert({ id, ...fields, sort: 0, created_at: at });
      return this.one(id);
    }
    const id = String(input.id);
    if (!(await this.repo.update(id, fields))) throw notFound('公告不存在或已删除');
    return this.one(id);
  }

  async setPublished(id: string, published: boolean): Promise<void> {
    const found = await this.repo.update(id, {
      status: published ? 1 : 0,
      updated_at: this.now().toISOString(),
    });
    if (!found) throw notFound('公告不存在或已删除');
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repo.remove(id))) throw notFound('公告不存在或已删除');
  }
}
