import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Users and companies: search, detail (quota, orders, movements, company members), grants, disabling. */
export function registerAdminUserRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { customers } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminUserList, '用户列表（按手机号、姓名、企业名搜索）', (_, q) => customers.list(q));
  route(endpoints.adminUserDetail, '用户详情：额度、订单、额度变动、所在企业', (_, q) =>
    customers.detail(q.id),
  );
  route(endpoints.adminUserGrant, '赠送额度（企业成员记入企业共享额度）', (actor, body) =>
    customers.grant(actor, body),
  );
  route(endpoints.adminUserStatus, '停用或启用用户（停用立即退出所有登录，数据保留）', (actor, body) =>
    customers.setStatus(actor, body),
  );
}
