import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';
import { inWorkspaceScope } from '../bid/http.ts';

/** getBidAmendments and addBidAmendment: a bid's 补遗/澄清 and what they change in the tender. */
export async function registerAmendmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { amendments } = ctx.services;
  await inWorkspaceScope(app, (scope) => {
    const route = userRoutes(scope, ['标书']);
    route(
      endpoints.getBidAmendments,
      '补遗/澄清：各次补遗识别出的变更（原文/变更为）、现行投标截止时间、受影响的章节',
      (actor, body) => amendments.list(actor, body.id),
    );
    route(
      endpoints.addBidAmendment,
      '添加补遗/澄清（uploadTender 的 fileId 或粘贴文字），与招标文件对照识别变更',
      (actor, body) => amendments.add(actor, body),
    );
  });
}
