import {
  makePage,
  maskPhone,
  type AdminFeedbackItem,
  type AdminFeedbackListQuery,
  type AdminFeedbackReplyInput,
  type FeedbackItem,
  type Page,
  type PageQuery,
  type SaveFeedbackInput,
} from '@bid/shared';
import { newId, nowIso } from '../../lib/ids.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ownerColumns, type Actor } from '../../policy/actor.ts';
import { FeedbackRepo, type FeedbackRow } from './repo.ts';
import type { Db } from '../../db/db.ts';

const FEEDBACK_NOT_FOUND = '反馈不存在';

function parseImages(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function present(r: FeedbackRow): FeedbackItem {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    contact: r.contact,
    images: parseImages(r.images),
    reply: r.reply,
    replyTime: r.reply_at,
    status: r.reply_at ? 'replied' : 'pending',
    replyRead: Boolean(r.reply_at && r.reply_read_at),
    createTime: r.created_at,
  };
}

/**
 * Feedback from users with up to three screenshots (pictures of their own library, by id);
 * operators list it unreplied first and reply, and the user sees the reply with an unread mark.
 */
export class FeedbackService {
  private readonly repo: FeedbackRepo;
  constructor(db: Db) {
    this.repo = new FeedbackRepo(db);
  }

  async save(owner: Actor, input: SaveFeedbackInput): Promise<{ id: string }> {
    const images = [...new Set(input.images ?? [])];
    // Only the sender's own pictures: an id from someone else's library would show it to the operators.
    const owned = await this.repo.ownedPictureIds(owner, images);
    if (images.some((id) => !owned.has(id))) throw badRequest('截图不存在，请重新上传');
    const id = newId();
    const now = nowIso();
    await this.repo.insert({
      id,
      ...ownerColumns(owner),
      type: input.type,
      content: input.content,
      contact: input.contact || null,
      images: images.length ? JSON.stringify(images) : null,
      reply: null,
      reply_at: null,
      replied_by: null,
      reply_read_at: null,
      created_at: now,
      updated_at: now,
    });
    return { id };
  }

  /** The caller's own feedback, newest first. */
  async list(owner: Actor, q: PageQuery): Promise<Page<FeedbackItem>> {
    const { rows, total } = await this.repo.ownPage(owner, (q.current - 1) * q.size, q.size);
    return makePage(rows.map(present), total, q);
  }

  async unread(owner: Actor): Promise<{ unread: number }> {
    return { unread: await this.repo.unread(owner) };
  }

  async markRead(owner: Actor): Promise<{ marked: number }> {
    return { marked: await this.repo.markRead(owner, nowIso()) };
  }

  async adminList(q: AdminFeedbackListQuery): Promise<Page<AdminFeedbackItem>> {
    const { rows, total } = await this.repo.adminPage(q.status, (q.current - 1) * q.size, q.size);
    return makePage(
      rows.map(({ user_phone, user_account, user_name, ...r }) => ({
        ...present(r),
        userId: r.user_id,
        userAccount: maskPhone(user_phone) || user_name || user_account,
      })),
      total,
      q,
    );
  }

  async reply(operator: Actor, input: AdminFeedbackReplyInput): Promise<FeedbackItem> {
    const done = await this.repo.reply(input.id, input.reply, operator.userId, nowIso());
    if (!done) throw notFound(FEEDBACK_NOT_FOUND);
    return present((await this.repo.find(input.id))!);
  }

  /**
   * For the console's <img>: the sender of a feedback, acting on whose library the picture is read,
   * only when the picture is one of that feedback's screenshots; else not found.
   */
  async imageOwner(feedbackId: string, pictureId: string): Promise<Actor> {
    const row = await this.repo.findWithSender(feedbackId);
    if (!row || !parseImages(row.images).includes(pictureId)) throw notFound('截图不存在');
    return { userId: row.user_id, tenantId: row.tenant_id, role: row.role };
  }
}
