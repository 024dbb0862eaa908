import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { BidService } from './service.ts';

const tags = ['标书'];

export function registerBidRoutes(scope: FastifyInstance, service: BidService): void {
  const route = userRoutes(scope, tags);

  route(endpoints.saveBid, '新建标书（消耗一个标书额度）', (actor, body) => service.create(actor, body));

  route(endpoints.getBidList, '标书列表（recycle=true 为回收站）', (actor, body) =>
    service.list(actor, body),
  );

  route(endpoints.getBidDetail, '标书详情', (actor, body) => service.detail(actor, body.id));

  route(endpoints.updateBid, '修改标书信息', (actor, body) => service.update(actor, body));

  route(endpoints.clientRemoveBid, '移入回收站', (actor, body) => service.remove(actor, body.id));

  route(endpoints.clientRecoverBid, '从回收站恢复', (actor, body) => service.recover(actor, body.id));

  // finishBid lives in modules/checks/routes.ts: it consults the bid checks first.

  route(endpoints.getBidQuota, '剩余标书额度', (actor) => service.remainingQuota(actor));
}
