import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  userRoutes(app, ['user'])(endpoints.inviteInfo, '我的邀请：邀请码、奖励规则、已邀请的用户', (actor) =>
    ctx.services.invites.info(actor),
  );
}
