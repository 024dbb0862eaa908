import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, inviteInfoSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/blade-system/client/invite-info',
    {
      schema: {
        tags: ['user'],
        summary: '我的邀请：邀请码、奖励规则、已邀请的用户',
        response: { 200: envelopeSchema(inviteInfoSchema) },
      },
    },
    async (req) => ok(await ctx.services.invites.info(requireAuth(req))),
  );
}
