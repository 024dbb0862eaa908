import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bidDetailSchema,
  bidListItemSchema,
  bidListQuerySchema,
  createdIdSchema,
  envelopeSchema,
  idParamSchema,
  nullSchema,
  pageSchema,
  quotaSchema,
  saveBidSchema,
  updateBidSchema,
} from '@bid/shared';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { BidService } from './service.ts';

const tags = ['标书'];

export function registerBidRoutes(scope: FastifyInstance, service: BidService): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post('/api/bid/client/saveBid', { schema: { tags, summary: '新建标书（消耗一个标书额度）', body: saveBidSchema, response: { 200: envelopeSchema(createdIdSchema) } } }, async (req) =>
    ok(await service.create(requireAuth(req), req.body)),
  );

  r.post('/api/bid/client/getBidList', { schema: { tags, summary: '标书列表（recycle=true 为回收站）', body: bidListQuerySchema, response: { 200: envelopeSchema(pageSchema(bidListItemSchema)) } } }, async (req) =>
    ok(await service.list(requireAuth(req), req.body)),
  );

  r.post('/api/bid/client/getBidDetail', { schema: { tags, summary: '标书详情', body: idParamSchema, response: { 200: envelopeSchema(bidDetailSchema) } } }, async (req) =>
    ok(await service.detail(requireAuth(req), req.body.id)),
  );

  r.post('/api/bid/client/updateBid', { schema: { tags, summary: '修改标书信息', body: updateBidSchema, response: { 200: envelopeSchema(bidDetailSchema) } } }, async (req) =>
    ok(await service.update(requireAuth(req), req.body)),
  );

  r.post('/api/bid/client/clientRemoveBid', { schema: { tags, summary: '移入回收站', body: idParamSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.remove(requireAuth(req), req.body.id);
    return ok(null);
  });

  r.post('/api/bid/client/clientRecoverBid', { schema: { tags, summary: '从回收站恢复', body: idParamSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await service.recover(requireAuth(req), req.body.id);
    return ok(null);
  });

  // finishBid lives in modules/checks/routes.ts: it consults the bid checks first.

  r.post('/api/bid/client/getBidQuota', { schema: { tags, summary: '剩余标书额度', response: { 200: envelopeSchema(quotaSchema) } } }, async (req) => ok(await service.remainingQuota(requireAuth(req))));
}
