import type { FastifyInstance } from 'fastify';
import {
  bidDetailSchema,
  bidListItemSchema,
  bidListQuerySchema,
  createdIdSchema,
  idParamSchema,
  pageSchema,
  quotaSchema,
  saveBidSchema,
  updateBidSchema,
} from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { BidService } from './service.ts';

const tags = ['标书'];

export function registerBidRoutes(scope: FastifyInstance, service: BidService): void {
  const route = userRoutes(scope, tags);

  route.post(
    '/api/bid/client/saveBid',
    { summary: '新建标书（消耗一个标书额度）', input: saveBidSchema, data: createdIdSchema },
    (actor, body) => service.create(actor, body),
  );

  route.post(
    '/api/bid/client/getBidList',
    {
      summary: '标书列表（recycle=true 为回收站）',
      input: bidListQuerySchema,
      data: pageSchema(bidListItemSchema),
    },
    (actor, body) => service.list(actor, body),
  );

  route.post(
    '/api/bid/client/getBidDetail',
    { summary: '标书详情', input: idParamSchema, data: bidDetailSchema },
    (actor, body) => service.detail(actor, body.id),
  );

  route.post(
    '/api/bid/client/updateBid',
    { summary: '修改标书信息', input: updateBidSchema, data: bidDetailSchema },
    (actor, body) => service.update(actor, body),
  );

  route.action(
    '/api/bid/client/clientRemoveBid',
    { summary: '移入回收站', input: idParamSchema },
    (actor, body) => service.remove(actor, body.id),
  );

  route.action(
    '/api/bid/client/clientRecoverBid',
    { summary: '从回收站恢复', input: idParamSchema },
    (actor, body) => service.recover(actor, body.id),
  );

  // finishBid lives in modules/checks/routes.ts: it consults the bid checks first.

  route.post('/api/bid/client/getBidQuota', { summary: '剩余标书额度', data: quotaSchema }, (actor) =>
    service.remainingQuota(actor),
  );
}
