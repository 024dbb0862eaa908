import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { publicRoutes } from '../../http/route.ts';

export function registerCommonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.notices;
  const route = publicRoutes(app, ['common']);
  const optional = { auth: 'optional' } as const;

  route(
    endpoints.headNotice,
    {
      summary: '顶部横幅公告',
      description: '没有公告或本人已关闭（closeUserNotice）时 data 为 null。',
      config: optional,
    },
    (_, req) => service.headNotice(req.auth?.userId ?? null),
  );

  route(
    endpoints.updateNotice,
    {
      summary: '版本更新说明',
      description: '最新版本的更新说明，每个用户显示到其关闭（closeUserNotice）为止；未登录时为 null。',
      config: optional,
    },
    (_, req) => service.updateNotice(req.auth?.userId ?? null),
  );

  route(endpoints.cooperatePartners, '合作伙伴（首页展示）', () => service.partners());
}
