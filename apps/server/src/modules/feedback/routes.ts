import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdIdSchema,
  envelopeSchema,
  feedbackItemSchema,
  feedbackListQuerySchema,
  feedbackReadResultSchema,
  feedbackUnreadSchema,
  pageSchema,
  saveFeedbackSchema,
} from '@bid/shared';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { FeedbackService } from './service.ts';

const tags = ['意见反馈'];

export function registerFeedbackRoutes(scope: FastifyInstance, service: FeedbackService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/bid/client/saveFeedback',
    {
      schema: {
        tags,
        summary: '提交意见反馈（images 为本人图片库中的图片编号，最多 3 张）',
        body: saveFeedbackSchema,
        response: { 200: envelopeSchema(createdIdSchema) },
      },
    },
    async (req) => ok(await service.save(requireAuth(req), req.body)),
  );
  r.post(
    '/api/bid/client/getFeedbackList',
    {
      schema: {
        tags,
        summary: '我的意见反馈（含运营回复）',
        body: feedbackListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(feedbackItemSchema)) },
      },
    },
    async (req) => ok(await service.list(requireAuth(req), req.body)),
  );
  r.post(
    '/api/bid/client/feedbackUnread',
    {
      schema: { tags, summary: '未读的运营回复数', response: { 200: envelopeSchema(feedbackUnreadSchema) } },
    },
    async (req) => ok(await service.unread(requireAuth(req))),
  );
  r.post(
    '/api/bid/client/readFeedbackReplies',
    {
      schema: {
        tags,
        summary: '把运营回复标为已读',
        response: { 200: envelopeSchema(feedbackReadResultSchema) },
      },
    },
    async (req) => ok(await service.markRead(requireAuth(req))),
  );
}
