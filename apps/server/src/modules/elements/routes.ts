import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  elementRequestSchema,
  elementResultSchema,
  envelopeSchema,
  imageSearchResultSchema,
  type ElementKind,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

const tags = ['AI 图表'];

/** Aborts model calls when the client goes away (the 60 s client timeout, a closed tab). */
function abortOnClose(reply: FastifyReply): AbortSignal {
  const ac = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) ac.abort();
  });
  return ac.signal;
}

const CALLS: Array<[string, ElementKind, string]> = [
  ['/api/ai/client/aiGenerateTable', 'table', '为章节生成表格'],
  ['/api/ai/client/aiGenerateMindMap', 'mindmap', '为章节生成思维导图'],
  ['/api/ai/client/aiGenerateFlowchart', 'flowchart', '为章节生成流程图'],
  ['/api/ai/client/aiGenerateGantt', 'gantt', '为章节生成甘特图（按招标文件工期）'],
];

/** aiGenerateTable/MindMap/Flowchart/Gantt and aiSearchImages (SPEC section 7, 60 s each). */
export function registerElementsModule(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.elements;
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const [url, kind, summary] of CALLS) {
    r.post(
      url,
      {
        schema: {
          tags,
          summary,
          body: elementRequestSchema,
          response: { 200: envelopeSchema(elementResultSchema) },
        },
      },
      async (req, reply) => ok(await service.generate(requireAuth(req), kind, req.body, abortOnClose(reply))),
    );
  }
  r.post(
    '/api/ai/client/aiSearchImages',
    {
      schema: {
        tags,
        summary: '按章节关键词搜索配图（图片库）',
        body: elementRequestSchema,
        response: { 200: envelopeSchema(imageSearchResultSchema) },
      },
    },
    async (req, reply) => ok(await service.searchImages(requireAuth(req), req.body, abortOnClose(reply))),
  );
}
