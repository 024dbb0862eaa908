import type { FastifyInstance } from 'fastify';
import {
  adminUserDetailSchema,
  adminUserItemSchema,
  adminUserListQuerySchema,
  grantQuotaSchema,
  idParamSchema,
  pageSchema,
  setUserStatusSchema,
  userStatusResultSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Users and companies: search, detail (quota, orders, movements, company members), grants, disabling. */
export function registerAdminUserRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { customers } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route.get(
    '/api/admin/user/list',
    {
      summary: '用户列表（按手机号、姓名、企业名搜索）',
      input: adminUserListQuerySchema,
      data: pageSchema(adminUserItemSchema),
    },
    (_, q) => customers.list(q),
  );
  route.get(
    '/api/admin/user/detail',
    {
      summary: '用户详情：额度、订单、额度变动、所在企业',
      input: idParamSchema,
      data: adminUserDetailSchema,
    },
    (_, q) => customers.detail(q.id),
  );
  route.post(
    '/api/admin/user/grant',
    { summary: '赠送额度（企业成员记入企业共享额度）', input: grantQuotaSchema, data: adminUserDetailSchema },
    (actor, body) => customers.grant(actor, body),
  );
  route.post(
    '/api/admin/user/status',
    {
      summary: '停用或启用用户（停用立即退出所有登录，数据保留）',
      input: setUserStatusSchema,
      data: userStatusResultSchema,
    },
    (actor, body) => customers.setStatus(actor, body),
  );
}
