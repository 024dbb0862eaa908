import type { Kysely } from 'kysely';
import { makePage, type FeedbackItem, type Page, type PageQuery, type SaveFeedbackInput } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { Actor } from '../../policy/actor.ts';

function parseImages(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Feedback from users; operators reply from the admin console (reply, reply_at). */
export class FeedbackService {
  constructor(private readonly db: Kysely<Database>) {}

  async save(owner: Actor, input: SaveFeedbackInput): Promise<{ id: string }> {
    const id = newId();
    const now = nowIso();
    await this.db
      .insertInto('feedbacks')
      .values({
        id,
        user_id: owner.userId,
        tenant_id: owner.tenantId,
        type: input.type,
        content: input.content,
        contact: input.contact || null,
        images: input.images?.length ? JSON.stringify(input.images) : null,
        reply: null,
        reply_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { id };
  }

  /** The caller's own feedback, newest first. */
  async list(owner: Actor, q: PageQuery): Promise<Page<FeedbackItem>> {
    const base = this.db.selectFrom('feedbacks').where('user_id', '=', owner.userId).where('tenant_id', '=', owner.tenantId);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.current - 1) * q.size)
      .execute();
    return makePage(
      rows.map((r) => ({
        id: r.id,
        type: r.type,
        content: r.content,
        contact: r.contact,
        images: parseImages(r.images),
        reply: r.reply,
        replyTime: r.reply_at,
        createTime: r.created_at,
      })),
      Number(total?.n ?? 0),
      q,
    );
  }
}
