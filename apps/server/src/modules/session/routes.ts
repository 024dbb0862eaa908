import type { FastifyInstance } from 'fastify';
import { TOKEN_COOKIE } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Revokes the session server-side; the token stops working at once. */
  app.get('/api/blade-auth/oauth/logout', async (req, reply) => {
    const auth = requireAuth(req);
    await ctx.sessions.revoke(auth.sessionId);
    reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return ok(null);
  });
}
