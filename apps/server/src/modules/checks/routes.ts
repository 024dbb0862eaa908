import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';
import { inWorkspaceScope } from '../bid/http.ts';

/** getBidChecks, and finishBid, which consults the checks before it finishes. */
export async function registerChecksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { checks, bid } = ctx.services;
  await inWorkspaceScope(app, (scope) => {
    const route = userRoutes(scope, ['标书']);
    route(endpoints.getBidChecks, '提交前检查：评分覆盖、★/废标条款、暗标、待填写、页数', (actor, body) =>
      checks.check(actor, body.id),
    );
    route(
      endpoints.finishBid,
      '完成标书（进度须达到 100%；有可能导致废标的问题时答 601，确认后带 confirm: true 再次提交）',
      async (actor, body) => {
        const current = await bid.getOwned(actor, body.id);
        // Below 100 % the progress message comes first (finish refuses it); a finished bid stays finished.
        if (!body.confirm && current.status !== 'finished' && current.progress >= 100)
          await checks.assertFinishable(actor, current.id);
        await bid.finish(actor, current.id);
      },
    );
  });
}
