import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TOKEN_COOKIE, envelopeSchema, nullSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Revokes the session server-side; the token stops working at once. */
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/blade-auth/oauth/logout',
    {
      schema: {
        tags: ['auth'],
        summary: '退出登录（会话立即失效）',
        response: { 200: envelopeSchema(nullSchema) },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      await ctx.sessions.revoke(auth.sessionId);
      reply.clearCookie(TOKEN_COOKIE, { path: '/' });
      return ok(null);
    },
  );
}
