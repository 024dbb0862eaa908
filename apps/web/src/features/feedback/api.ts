import { endpoints, type RequestOf } from '@bid/shared';
import { api, type RequestOptions } from '../../api/request.ts';

/** Feedback and its replies, through the shared endpoint table. */
export const feedbackApi = {
  save: (input: RequestOf<typeof endpoints.saveFeedback>, opts?: RequestOptions) =>
    api.call(endpoints.saveFeedback, input, opts),
  list: (q: RequestOf<typeof endpoints.getFeedbackList>, opts?: RequestOptions) =>
    api.call(endpoints.getFeedbackList, q, { noDuplicateGuard: true, ...opts }),
  unread: (opts?: RequestOptions) =>
    api.call(endpoints.feedbackUnread, undefined, { silent: true, noDuplicateGuard: true, ...opts }),
  markRead: (opts?: RequestOptions) =>
    api.call(endpoints.readFeedbackReplies, undefined, { silent: true, noDuplicateGuard: true, ...opts }),
};

export const adminFeedbackApi = {
  list: (q: RequestOf<typeof endpoints.adminFeedbackList>, opts?: RequestOptions) =>
    api.call(endpoints.adminFeedbackList, q, opts),
  reply: (input: RequestOf<typeof endpoints.adminFeedbackReply>, opts?: RequestOptions) =>
    api.call(endpoints.adminFeedbackReply, input, opts),
};

export const feedbackKeys = {
  all: ['feedback'] as const,
  mine: ['feedback', 'mine'] as const,
  unread: ['feedback', 'unread'] as const,
  admin: ['feedback', 'admin'] as const,
};

/** What the user sees of a screenshot: the picture library serves the owner's own picture. */
export const screenshotUrl = (pictureId: string) => api.url(endpoints.pictureThumb, { id: pictureId });
/** What an operator sees: only through the feedback the picture is attached to. */
export const adminScreenshotUrl = (feedbackId: string, pictureId: string) =>
  api.url(endpoints.adminFeedbackImage, { feedbackId, pictureId });

export const FEEDBACK_TYPES = ['建议', '问题', '其他'] as const;
