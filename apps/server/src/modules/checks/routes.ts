import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bidChecksQuerySchema, bidChecksSchema, envelopeSchema, finishBidSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { inWorkspaceScope } from '../bid/http.ts';

const tags = ['标书'];

/** getBidChecks, and finishBid, which consults the checks before it finishes. */
export async function registerChecksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { checks, bid } = ctx.services;
  await inWorkspaceScope(app, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/bid/client/getBidChecks',
      { schema: { tags, summary: '提交前检查：评分覆盖、★/废标条款、暗标、待填写、页数', body: bidChecksQuerySchema, response: { 200: envelopeSchema(bidChecksSchema) } } },
      async (req) => ok(await checks.check(requireAuth(req), req.body.id)),
    );

    r.post(
      '/api/bid/client/finishBid',
      {
        schema: {
          tags,
          summary: '完成标书（进度须达到 100%；有可能导致废标的问题时答 601，确认后带 confirm: true 再次提交）',
          body: finishBidSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        const owner = requireAuth(req);
        const current = await bid.getOwned(owner, req.body.id);
        // Below 100 % the progress message comes first (finish refuses it); a finished bid stays finished.
        if (!req.body.confirm && current.status !== 'finished' && current.progress >= 100) await checks.assertFinishable(owner, current.id);
        await bid.finish(owner, current.id);
        return ok(null);
      },
    );
  });
}
