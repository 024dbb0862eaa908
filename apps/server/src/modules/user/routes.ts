import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bidQuotaSchema,
  closeUserNoticeSchema,
  envelopeSchema,
  markStalogSchema,
  sendOwnCodeSchema,
  sendPhoneCodeSchema,
  standardSettingsSchema,
  standardUpdateSchema,
  updatePasswordSchema,
  updatePhoneSchema,
  updateUserSchema,
  userInfoSchema,
  validateMessageSchema,
  verifyTicketSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

const P = '/api/blade-system/client';
const nullEnvelope = envelopeSchema(z.null());

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.users;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['user'];

  r.post(
    `${P}/get-userInfo`,
    {
      schema: {
        tags,
        summary: '当前用户信息（SPEC 第 3 节的全部字段）',
        description: '企业用户（isEmployee=1）的额度字段是企业的额度，name 为企业名称，本人姓名见 userName。',
        response: { 200: envelopeSchema(userInfoSchema) },
      },
    },
    async (req) => ok(await service.userInfo(requireAuth(req))),
  );

  r.post(
    `${P}/query-bid-number`,
    { schema: { tags, summary: '剩余标书额度（按额度类型）', response: { 200: envelopeSchema(bidQuotaSchema) } } },
    async (req) => ok(await service.quota(requireAuth(req))),
  );

  r.post(
    `${P}/send-validate-logged`,
    {
      schema: {
        tags,
        summary: '向本人手机号发送验证码',
        description: 'purpose：change-phone（更换手机号前验证原手机号）、change-password（用短信修改密码）、verify（默认）。限频同登录验证码。',
        body: sendOwnCodeSchema,
        response: { 200: nullEnvelope },
      },
    },
    async (req) => {
      await service.sendOwnCode(requireAuth(req), req.body.purpose, req.ip);
      return ok(null);
    },
  );

  r.post(
    `${P}/send-validate`,
    {
      schema: {
        tags,
        summary: '向指定手机号发送验证码（绑定/更换的新手机号）',
        description: '手机号已被其他账号使用时返回 409。',
        body: sendPhoneCodeSchema,
        response: { 200: nullEnvelope },
      },
    },
    async (req) => {
      await service.sendPhoneCode(requireAuth(req), req.body.phone, req.ip);
      return ok(null);
    },
  );

  r.post(
    `${P}/validate-message`,
    {
      schema: {
        tags,
        summary: '校验本人手机号收到的验证码，换取一次性凭证',
        description: '验证码校验后即失效；返回的 ticket 10 分钟内有效、一次有效（如 update-phone 的原手机号验证）。',
        body: validateMessageSchema,
        response: { 200: envelopeSchema(verifyTicketSchema) },
      },
    },
    async (req) => ok(await service.validateMessage(requireAuth(req), req.body.code, req.body.purpose)),
  );

  r.post(
    `${P}/update-phone`,
    {
      schema: {
        tags,
        summary: '更换 / 绑定手机号',
        description: 'code 为发到新手机号的验证码（send-validate）；已有手机号的账号还需 ticket（validate-message，purpose=change-phone）。新手机号已被使用返回 409。',
        body: updatePhoneSchema,
        response: { 200: nullEnvelope },
      },
    },
    async (req) => {
      await service.updatePhone(requireAuth(req), req.body.phone, req.body.code, req.body.ticket);
      return ok(null);
    },
  );

  r.post(
    `${P}/update-password`,
    {
      schema: {
        tags,
        summary: '设置 / 修改密码',
        description: 'newPassword 为新密码的小写 MD5；用 oldPassword（原密码 MD5）或 code（发到本人手机号、purpose=change-password 的验证码）证明身份。成功后本账号的其他登录会话失效。',
        body: updatePasswordSchema,
        response: { 200: nullEnvelope },
      },
    },
    async (req) => {
      await service.updatePassword(requireAuth(req), req.body);
      return ok(null);
    },
  );

  r.post(
    `${P}/update-user`,
    { schema: { tags, summary: '修改个人资料（姓名）', body: updateUserSchema, response: { 200: nullEnvelope } } },
    async (req) => {
      await service.updateUser(requireAuth(req), req.body.name);
      return ok(null);
    },
  );

  r.post(
    `${P}/standard-update`,
    {
      schema: {
        tags,
        summary: '修改显示偏好与默认模型',
        description: 'bidFileShowFlag / projectListShowFlag（0 或 1）与 preferredModel（standard / premium，被禁用的模型不可选）。返回修改后的设置。',
        body: standardUpdateSchema,
        response: { 200: envelopeSchema(standardSettingsSchema) },
      },
    },
    async (req) => ok(await service.standardUpdate(requireAuth(req), req.body)),
  );

  r.post(
    `${P}/mark-stalog`,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '记录一条使用统计（页面访问、功能使用）',
        description: 'mark 如 page:/home/crtBidBook、feature:export；未登录也可调用（按 IP 限频）。',
        body: markStalogSchema,
        response: { 200: nullEnvelope },
      },
    },
    async (req) => {
      await service.markStalog(req.auth, req.body, req.ip);
      return ok(null);
    },
  );

  r.post(
    `${P}/closeUserNotice`,
    {
      schema: { tags, summary: '关闭一条公告（横幅或更新说明），此后不再向本人显示', body: closeUserNoticeSchema, response: { 200: nullEnvelope } },
    },
    async (req) => {
      await service.closeNotice(requireAuth(req), req.body.noticeId);
      return ok(null);
    },
  );
}
