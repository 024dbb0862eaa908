import type { FeedbackTable } from './tables.ts';
import type { ActorScope } from '../../policy/actor.ts';
import type { Db } from '../../db/db.ts';

export type FeedbackRow = FeedbackTable;
/** Queries of the feedback table; users' queries are scoped by the owner. */
export class FeedbackRepo {
  constructor(private readonly db: Db) {}

  private owned(owner: ActorScope) {
    return this.db
      .selectFrom('feedbacks')
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId);
  }

  insert(row: FeedbackRow) {
    return this.db.insertInto('feedbacks').values(row).execute();
  }

  /** Which of `ids` are pictures in the owner's library. */
  async ownedPictureIds(owner: ActorScope, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.db
      .selectFrom('pictures')
      .select('id')
      .where('tenant_id', '=', owner.tenantId)
      .where('user_id', '=', owner.userId)
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async ownPage(owner: ActorScope, offset: number, limit: number) {
    const total = await this.owned(owner)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const rows = await this.owned(owner)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  async unread(owner: ActorScope): Promise<number> {
    const r = await this.owned(owner)
      .where('reply_at', 'is not', null)
      .where('reply_read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  async markRead(owner: ActorScope, at: string): Promise<number> {
    const r = await this.db
      .updateTable('feedbacks')
      .set({ reply_read_at: at })
      .where('user_id', '=', owner.userId)
      .where('tenant_id', '=', owner.tenantId)
      .where('reply_at', 'is not', null)
      .where('reply_read_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Every user's feedback for the console: unreplied first, then newest. */
  async adminPage(status: 'pending' | 'replied' | undefined, offset: number, limit: number) {
    let q = this.db.selectFrom('feedbacks').innerJoin('users', 'users.id', 'feedbacks.user_id');
    if (status === 'pending') q = q.where('feedbacks.reply_at', 'is', null);
    if (status === 'replied') q = q.where('feedbacks.reply_at', 'is not', null);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await q
      .selectAll('feedbacks')
      .select(['users.phone as user_phone', 'users.account as user_account', 'users.name as user_name'])
      .orderBy((eb) => eb.case().when('feedbacks.reply_at', 'is', null).then(0).else(1).end())
      .orderBy('feedbacks.created_at', 'desc')
      .orderBy('feedbacks.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(total?.n ?? 0) };
  }

  find(id: string) {
    return this.db.selectFrom('feedbacks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A feedback's screenshots and its sender as an actor (whose picture library holds them). */
  findWithSender(id: string) {
    return this.db
      .selectFrom('feedbacks')
      .innerJoin('users', 'users.id', 'feedbacks.user_id')
      .select(['feedbacks.images', 'feedbacks.user_id', 'feedbacks.tenant_id', 'users.role'])
      .where('feedbacks.id', '=', id)
      .executeTakeFirst();
  }

  /** A new reply is unread again for the user. */
  async reply(id: string, reply: string, operatorId: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('feedbacks')
      .set({ reply, reply_at: at, replied_by: operatorId, reply_read_at: null, updated_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
