import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserDetailSchema,
  adminUserItemSchema,
  adminUserListQuerySchema,
  envelopeSchema,
  grantQuotaSchema,
  idParamSchema,
  pageSchema,
  setUserStatusSchema,
  userStatusResultSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** Users and companies: search, detail (quota, orders, movements, company members), grants, disabling. */
export function registerAdminUserRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { customers } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/user/list',
    { schema: { tags, summary: '用户列表（按手机号、姓名、企业名搜索）', querystring: adminUserListQuerySchema, response: { 200: envelopeSchema(pageSchema(adminUserItemSchema)) } } },
    async (req) => ok(await customers.list(req.query)),
  );
  r.get(
    '/api/admin/user/detail',
    { schema: { tags, summary: '用户详情：额度、订单、额度变动、所在企业', querystring: idParamSchema, response: { 200: envelopeSchema(adminUserDetailSchema) } } },
    async (req) => ok(await customers.detail(req.query.id)),
  );
  r.post(
    '/api/admin/user/grant',
    { schema: { tags, summary: '赠送额度（企业成员记入企业共享额度）', body: grantQuotaSchema, response: { 200: envelopeSchema(adminUserDetailSchema) } } },
    async (req) => ok(await customers.grant(requireAuth(req), req.body)),
  );
  r.post(
    '/api/admin/user/status',
    { schema: { tags, summary: '停用或启用用户（停用立即退出所有登录，数据保留）', body: setUserStatusSchema, response: { 200: envelopeSchema(userStatusResultSchema) } } },
    async (req) => ok(await customers.setStatus(requireAuth(req), req.body)),
  );
}
