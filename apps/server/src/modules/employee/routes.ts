import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerEmployeeInvitationSchema,
  employeeAddSchema,
  employeeInvitationRevokeSchema,
  employeeInvitationSchema,
  employeeListQuerySchema,
  employeeRemoveSchema,
  employeeSchema,
  envelopeSchema,
  myEmployeeInvitationSchema,
  pageSchema,
} from '@bid/shared';
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
        summary: '邀请员工（企业管理员）',
        description:
          '按手机号发出邀请：对方用该手机号登录后在账号中心确认才加入本企业（其个人数据保留，移除后恢复）。无论该号码是否注册、属于哪个企业，回答都相同。本企业已有该员工时返回 409；非管理员返回 403。',
        body: employeeAddSchema,
        response: { 200: envelopeSchema(employeeInvitationSchema) },
      },
    },
    async (req) => ok(await service.add(requireAuth(req), req.body.phone, req.body.name)),
  );

  r.get(
    `${P}/employeeInvitationList`,
    { schema: { tags, summary: '待接受的员工邀请（企业管理员）', response: { 200: envelopeSchema(z.array(employeeInvitationSchema)) } } },
    async (req) => ok(await service.pendingInvitations(requireAuth(req))),
  );

  r.post(
    `${P}/employeeInvitationRevoke`,
    { schema: { tags, summary: '撤回员工邀请（企业管理员）', body: employeeInvitationRevokeSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (req) => {
      await service.revokeInvitation(requireAuth(req), req.body.id);
      return ok(null);
    },
  );

  r.get(
    `${P}/myEmployeeInvitations`,
    { schema: { tags, summary: '我收到的企业邀请', response: { 200: envelopeSchema(z.array(myEmployeeInvitationSchema)) } } },
    async (req) => ok(await service.myInvitations(requireAuth(req))),
  );

  r.post(
    `${P}/answerEmployeeInvitation`,
    {
      schema: {
        tags,
        summary: '接受或拒绝企业邀请',
        description: '接受后账号加入该企业（登录保持有效，使用企业额度）；已是其他企业员工时返回 409。',
        body: answerEmployeeInvitationSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await service.answerInvitation(requireAuth(req), req.body.id, req.body.accept);
      return ok(null);
    },
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
