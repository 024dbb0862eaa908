import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes, userRoutes } from '../../http/route.ts';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.users;
  const tags = ['user'];
  const route = userRoutes(app, tags);

  route(
    endpoints.userInfo,
    {
      summary: '当前用户信息（SPEC 第 3 节的全部字段）',
      description: '企业用户（isEmployee=1）的额度字段是企业的额度，name 为企业名称，本人姓名见 userName。',
    },
    (actor) => service.userInfo(actor),
  );
  route(endpoints.queryBidNumber, '剩余标书额度（按额度类型）', (actor) => service.quota(actor));
  route(
    endpoints.sendOwnCode,
    {
      summary: '向本人手机号发送验证码',
      description:
        'purpose：change-phone（更换手机号前验证原手机号）、change-password（用短信修改密码）、verify（默认）。限频同登录验证码。',
    },
    (actor, body, req) => service.sendOwnCode(actor, body.purpose, req.ip),
  );
  route(
    endpoints.sendPhoneCode,
    {
      summary: '向指定手机号发送验证码（绑定/更换的新手机号）',
      description:
        '无论该手机号是否已被其他账号使用，回答都相同（已被使用在 update-phone 校验验证码后才返回 409）。每个账号每小时 10 次、每个 IP 每小时 30 次。',
    },
    (actor, body, req) => service.sendPhoneCode(actor, body.phone, req.ip),
  );
  route(
    endpoints.validateMessage,
    {
      summary: '校验本人手机号收到的验证码，换取一次性凭证',
      description:
        '验证码校验后即失效；返回的 ticket 10 分钟内有效、一次有效（如 update-phone 的原手机号验证）。',
    },
    (actor, body) => service.validateMessage(actor, body.code, body.purpose),
  );
  route(
    endpoints.updatePhone,
    {
      summary: '更换 / 绑定手机号',
      description:
        'code 为发到新手机号的验证码（send-validate）；已有手机号的账号还需 ticket（validate-message，purpose=change-phone）。先校验验证码，新手机号已被使用才返回 409。每个账号每小时 10 次、每个 IP 每小时 30 次。',
    },
    (actor, body, req) => service.updatePhone(actor, body.phone, body.code, body.ticket, req.ip),
  );
  route(
    endpoints.updatePassword,
    {
      summary: '设置 / 修改密码',
      description:
        'newPassword 为新密码的小写 MD5；用 oldPassword（原密码 MD5）或 code（发到本人手机号、purpose=change-password 的验证码）证明身份。成功后本账号的其他登录会话失效。',
    },
    (actor, body) => service.updatePassword(actor, body),
  );
  route(endpoints.updateUser, '修改个人资料（姓名）', (actor, body) => service.updateUser(actor, body.name));
  route(
    endpoints.standardUpdate,
    {
      summary: '修改显示偏好与默认模型',
      description:
        'bidFileShowFlag / projectListShowFlag（0 或 1）与 preferredModel（standard / premium，被禁用的模型不可选）。返回修改后的设置。',
    },
    (actor, body) => service.standardUpdate(actor, body),
  );
  route(endpoints.closeUserNotice, '关闭一条公告（横幅或更新说明），此后不再向本人显示', (actor, body) =>
    service.closeNotice(actor, body.noticeId),
  );

  // Also without a session: the one route here that is not a signed-in user's.
  publicRoutes(app, tags)(
    endpoints.markStalog,
    {
      summary: '记录一条使用统计（页面访问、功能使用）',
      description: 'mark 如 page:/home/crtBidBook、feature:export；未登录也可调用（按 IP 限频）。',
      config: { auth: 'optional' },
    },
    (body, req) => service.markStalog(req.auth, body, req.ip),
  );
}
