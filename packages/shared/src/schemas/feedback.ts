import { z } from 'zod';
import { longText, plainText } from './text.ts';
import { feedbackItemSchema } from './bid.ts';

export const FEEDBACK_LIMITS = { replyMax: 2_000 } as const;

/** POST bid/client/feedbackUnread: replies the user has not seen yet (the user menu's badge). */
export const feedbackUnreadSchema = z.object({ unread: z.number() });
export type FeedbackUnread = z.infer<typeof feedbackUnreadSchema>;

/** POST bid/client/readFeedbackReplies: how many replies were marked seen. */
export const feedbackReadResultSchema = z.object({ marked: z.number() });

/** GET admin/feedback/list: unreplied first, then newest. */
export const adminFeedbackListQuerySchema = z.object({
  current: z.coerce.number().int().min(1, '页码必须从 1 开始').default(1),
  size: z.coerce
    .number()
    .int()
    .min(1, '每页条数须在 1 到 100 之间')
    .max(100, '每页条数须在 1 到 100 之间')
    .default(10),
  status: z.enum(['pending', 'replied'], { message: '反馈状态不正确' }).optional(),
});
export type AdminFeedbackListQuery = z.infer<typeof adminFeedbackListQuerySchema>;

export const adminFeedbackItemSchema = feedbackItemSchema.extend({
  /** The sender's account (masked phone or nickname) as operators see it. */
  userAccount: z.string(),
  userId: z.string(),
});
export type AdminFeedbackItem = z.infer<typeof adminFeedbackItemSchema>;

/** POST admin/feedback/reply: a later reply replaces the earlier one. */
export const adminFeedbackReplySchema = z.object({
  id: plainText().min(1, '反馈编号不能为空'),
  reply: longText({ error: '回复内容不能为空' })
    .trim()
    .min(1, '回复内容不能为空')
    .max(FEEDBACK_LIMITS.replyMax, `回复内容不能超过 ${FEEDBACK_LIMITS.replyMax} 个字`),
});
export type AdminFeedbackReplyInput = z.infer<typeof adminFeedbackReplySchema>;
