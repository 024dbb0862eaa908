import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  interpretationDetailSchema,
  interpretationIdSchema,
  interpretationListItemSchema,
  interpretationListQuerySchema,
  pageSchema,
  startAnalysisResultSchema,
  startAnalysisSchema,
} from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { InterpretationService } from './interpretation.ts';

const P = '/api/ai/fileInterpretationClient';

/** File interpretation (API.md "Tender analysis and file interpretation"). */
export function registerAnalysisRoutes(app: FastifyInstance, service: InterpretationService): void {
  const route = userRoutes(app, ['文件解读']);

  route.post(
    '/api/ai/chat/start-analysis',
    {
      summary:
        '解析招标文件（fileId 或 text）：立即返回记录编号，解析作为后台任务运行（服务重启后继续），进度见详情',
      input: startAnalysisSchema,
      data: startAnalysisResultSchema,
    },
    (actor, body) => service.start(actor, body),
  );
  route.get(
    `${P}/detail`,
    {
      summary: '文件解读详情：状态、进度、解析结果，完成后附被解析的文字（各项的 source 偏移指向它）',
      input: interpretationIdSchema,
      data: interpretationDetailSchema,
    },
    (actor, q) => service.detail(actor, q.id),
  );
  route.get(
    `${P}/list`,
    {
      summary: '文件解读记录（分页，最新在前）',
      input: interpretationListQuerySchema,
      data: pageSchema(interpretationListItemSchema),
    },
    (actor, q) => service.list(actor, q),
  );
  route.post(
    `${P}/remove`,
    {
      summary: '删除一条文件解读记录（进行中的解析随之停止）',
      input: interpretationIdSchema,
      data: z.null(),
    },
    (actor, body) => service.remove(actor, body.id),
  );
  route.docx(
    `${P}/export-fileInterpretation`,
    { summary: '导出解读报告（直接返回 .docx 文件；失败时返回 JSON）', input: interpretationIdSchema },
    (actor, body) => service.exportDocx(actor, body.id),
  );
}
