import type { FastifyInstance } from 'fastify';
import { endpoints, TOKEN_COOKIE } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Revokes the session server-side; the token stops working at once. */
  userRoutes(app, ['auth'])(endpoints.logout, '退出登录（会话立即失效）', async (actor, _, _req, reply) => {
    await ctx.sessions.revoke(actor.sessionId);
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
  });
}
