import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, headNoticeSchema, partnerSchema, updateNoticeSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';

export function registerCommonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.notices;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['common'];

  r.post(
    '/api/common/client/getHeadNotice',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '顶部横幅公告',
        description: '没有公告或本人已关闭（closeUserNotice）时 data 为 null。',
        response: { 200: envelopeSchema(headNoticeSchema) },
      },
    },
    async (req) => ok(await service.headNotice(req.auth?.userId ?? null)),
  );

  r.post(
    '/api/common/client/getUpdateNotice',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '版本更新说明',
        description: '最新版本的更新说明，每个用户显示到其关闭（closeUserNotice）为止；未登录时为 null。',
        response: { 200: envelopeSchema(updateNoticeSchema) },
      },
    },
    async (req) => ok(await service.updateNotice(req.auth?.userId ?? null)),
  );

  r.post(
    '/api/common/client/getCooperatePartnerList',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        summary: '合作伙伴（首页展示）',
        response: { 200: envelopeSchema(z.array(partnerSchema)) },
      },
    },
    async () => ok(await service.partners()),
  );
}
