import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

export function registerEmployeeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.employees;
  const route = userRoutes(app, ['employee']);

  route(
    endpoints.employeeAdd,
    {
      summary: '邀请员工（企业管理员）',
      description:
        '按手机号发出邀请：对方用该手机号登录后在账号中心确认才加入本企业（其个人数据保留，移除后恢复）。无论该号码是否注册、属于哪个企业，回答都相同。本企业已有该员工时返回 409；非管理员返回 403。',
    },
    (actor, body) => service.add(actor, body.phone, body.name),
  );
  route(endpoints.employeeInvitationList, '待接受的员工邀请（企业管理员）', (actor) =>
    service.pendingInvitations(actor),
  );
  route(endpoints.employeeInvitationRevoke, '撤回员工邀请（企业管理员）', (actor, body) =>
    service.revokeInvitation(actor, body.id),
  );
  route(endpoints.myEmployeeInvitations, '我收到的企业邀请', (actor) => service.myInvitations(actor));
  route(
    endpoints.answerEmployeeInvitation,
    {
      summary: '接受或拒绝企业邀请',
      description: '接受后账号加入该企业（登录保持有效，使用企业额度）；已是其他企业员工时返回 409。',
    },
    (actor, body) => service.answerInvitation(actor, body.id, body.accept),
  );
  route(endpoints.employeeList, '员工列表（企业管理员，分页）', (actor, q) => service.list(actor, q));
  route(
    endpoints.employeeRemove,
    {
      summary: '移除员工（企业管理员）',
      description: '该员工的所有登录会话立即失效；其创建的标书仍归企业所有。',
    },
    (actor, body) => service.remove(actor, body.id),
  );
}
