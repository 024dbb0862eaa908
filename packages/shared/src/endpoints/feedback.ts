import { pageSchema } from '../envelope.ts';
import { feedbackItemSchema } from '../schemas/bid.ts';
import {
  adminFeedbackItemSchema,
  adminFeedbackListQuerySchema,
  adminFeedbackReplySchema,
  feedbackReadResultSchema,
  feedbackUnreadSchema,
} from '../schemas/feedback.ts';
import { get, post, type Out } from './define.ts';

/** Feedback replies: the user's unread mark and the console's list and reply. */
export const feedbackEndpoints = {
  feedbackUnread: post<Out<typeof feedbackUnreadSchema>>(
    '/bid/client/feedbackUnread',
    null,
    feedbackUnreadSchema,
  ),
  readFeedbackReplies: post<Out<typeof feedbackReadResultSchema>>(
    '/bid/client/readFeedbackReplies',
    null,
    feedbackReadResultSchema,
  ),
  adminFeedbackList: get<
    Out<ReturnType<typeof pageSchema<typeof adminFeedbackItemSchema>>>,
    typeof adminFeedbackListQuerySchema
  >('/admin/feedback/list', adminFeedbackListQuerySchema, pageSchema(adminFeedbackItemSchema)),
  adminFeedbackReply: post<Out<typeof feedbackItemSchema>, typeof adminFeedbackReplySchema>(
    '/admin/feedback/reply',
    adminFeedbackReplySchema,
    feedbackItemSchema,
  ),
} as const;
