import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { employeeAddSchema, employeeListQuerySchema, employeeRemoveSchema, employeeSchema, envelopeSchema, pageSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

const P = '/api/blade-system/client';

export function registerEmployeeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.employees;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['employee'];

  r.post(
    `${P}/employeeAdd`,
    {
      schema: {
        tags,
        summary: '添加员工（企业管理员）',
        description: '按手机号添加：新号码直接建号，已有的个人账号加入本企业（其个人数据保留，移除后恢复）。员工用短信验证码登录，使用企业额度。非管理员返回 403。',
        body: employeeAddSchema,
        response: { 200: envelopeSchema(employeeSchema) },
      },
    },
    async (req) => ok(await service.add(requireAuth(req), req.body.phone, req.body.name)),
  );

  r.get(
    `${P}/employeeList`,
    {
      schema: {
        tags,
        summary: '员工列表（企业管理员，分页）',
        querystring: employeeListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(employeeSchema)) },
      },
    },
    async (req) => ok(await service.list(requireAuth(req), req.query)),
  );

  r.post(
    `${P}/employeeRemove`,
    {
      schema: {
        tags,
        summary: '移除员工（企业管理员）',
        description: '该员工的所有登录会话立即失效；其创建的标书仍归企业所有。',
        body: employeeRemoveSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await service.remove(requireAuth(req), req.body.id);
      return ok(null);
    },
  );
}
