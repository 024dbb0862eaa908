import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryResponseSchema,
  envelopeSchema,
  interpretationDetailSchema,
  interpretationIdSchema,
  interpretationListItemSchema,
  interpretationListQuerySchema,
  pageSchema,
  startAnalysisResultSchema,
  startAnalysisSchema,
} from '@bid/shared';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { sendDocx } from '../export/routes.ts';
import type { InterpretationService } from './interpretation.ts';

const tags = ['文件解读'];

/** File interpretation (API.md "Tender analysis and file interpretation"). */
export function registerAnalysisRoutes(app: FastifyInstance, service: InterpretationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/chat/start-analysis',
    {
      schema: {
        tags,
        summary: '解析招标文件（fileId 或 text）：立即返回记录编号，解析作为后台任务运行（服务重启后继续），进度见详情',
        body: startAnalysisSchema,
        response: { 200: envelopeSchema(startAnalysisResultSchema) },
      },
    },
    async (req) => ok(await service.start(requireAuth(req), req.body)),
  );

  r.get(
    '/api/ai/fileInterpretationClient/detail',
    {
      schema: {
        tags,
        summary: '文件解读详情：状态、进度、解析结果，完成后附被解析的文字（各项的 source 偏移指向它）',
        querystring: interpretationIdSchema,
        response: { 200: envelopeSchema(interpretationDetailSchema) },
      },
    },
    async (req) => ok(await service.detail(requireAuth(req), req.query.id)),
  );

  r.get(
    '/api/ai/fileInterpretationClient/list',
    { schema: { tags, summary: '文件解读记录（分页，最新在前）', querystring: interpretationListQuerySchema, response: { 200: envelopeSchema(pageSchema(interpretationListItemSchema)) } } },
    async (req) => ok(await service.list(requireAuth(req), req.query)),
  );

  r.post(
    '/api/ai/fileInterpretationClient/remove',
    { schema: { tags, summary: '删除一条文件解读记录（进行中的解析随之停止）', body: interpretationIdSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (req) => ok(await service.remove(requireAuth(req), req.body.id)),
  );

  r.post(
    '/api/ai/fileInterpretationClient/export-fileInterpretation',
    {
      schema: {
        tags,
        summary: '导出解读报告（直接返回 .docx 文件；失败时返回 JSON）',
        body: interpretationIdSchema,
        response: { 200: binaryResponseSchema },
      },
    },
    async (req, reply) => sendDocx(reply, await service.exportDocx(requireAuth(req), req.body.id)),
  );
}
