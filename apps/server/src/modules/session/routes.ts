import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';
import { clearSessionCookies } from '../../http/session-cookie.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Revokes the session server-side (the token stops working at once) and clears its cookies. */
  userRoutes(app, ['auth'])(
    endpoints.logout,
    '退出登录（会话立即失效，清除 Admin-Token 与 Admin-Session Cookie）',
    async (actor, _, req, reply) => {
      await ctx.sessions.revoke(actor.sessionId);
      clearSessionCookies(req, reply);
    },
  );
}
