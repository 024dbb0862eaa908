import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ElementKind, endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

const tags = ['AI 图表'];

/** Aborts model calls when the client goes away (the 60 s client timeout, a closed tab). */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ac.abort();
  });
  return ac.signal;
}

const CALLS = [
  [endpoints.aiGenerateTable, 'table', '为章节生成表格'],
  [endpoints.aiGenerateMindMap, 'mindmap', '为章节生成思维导图'],
  [endpoints.aiGenerateFlowchart, 'flowchart', '为章节生成流程图'],
  [endpoints.aiGenerateGantt, 'gantt', '为章节生成甘特图（按招标文件工期）'],
] as const satisfies ReadonlyArray<readonly [unknown, ElementKind, string]>;

/** aiGenerateTable/MindMap/Flowchart/Gantt and aiSearchImages (SPEC section 7, 60 s each). */
export function registerElementsModule(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.elements;
  const route = userRoutes(app, tags);
  for (const [endpoint, kind, summary] of CALLS)
    route(endpoint, summary, (actor, body, _req, reply) =>
      service.generate(actor, kind, body, abortOnClose(reply)),
    );
  route(endpoints.aiSearchImages, '按章节关键词搜索配图（图片库）', (actor, body, _req, reply) =>
    service.searchImages(actor, body, abortOnClose(reply)),
  );
}
