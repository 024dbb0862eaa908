import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { FeedbackService } from './service.ts';

const tags = ['意见反馈'];

export function registerFeedbackRoutes(scope: FastifyInstance, service: FeedbackService): void {
  const route = userRoutes(scope, tags);
  route(endpoints.saveFeedback, '提交意见反馈（images 为本人图片库中的图片编号，最多 3 张）', (actor, body) =>
    service.save(actor, body),
  );
  route(endpoints.getFeedbackList, '我的意见反馈（含运营回复）', (actor, body) => service.list(actor, body));
  route(endpoints.feedbackUnread, '未读的运营回复数', (actor) => service.unread(actor));
  route(endpoints.readFeedbackReplies, '把运营回复标为已读', (actor) => service.markRead(actor));
}
