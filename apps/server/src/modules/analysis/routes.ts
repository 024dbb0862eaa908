import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { interpretationDetailQuerySchema, pageQuerySchema, startAnalysisSchema } from '@bid/shared';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { AnalysisService } from './service.ts';

const tags = ['文件解读'];

export function registerAnalysisRoutes(app: FastifyInstance, service: AnalysisService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/ai/chat/start-analysis',
    { schema: { tags, summary: '解析招标文件（fileId 或 text）：项目信息、评分标准、★条款、废标条款等；较长时先返回 running，再查询详情', body: startAnalysisSchema } },
    async (req) => ok(await service.start(requireAuth(req), req.body)),
  );

  r.get('/api/ai/fileInterpretationClient/detail', { schema: { tags, summary: '文件解读详情', querystring: interpretationDetailQuerySchema } }, async (req) =>
    ok(await service.detail(requireAuth(req), req.query.id)),
  );

  r.post('/api/ai/fileInterpretationClient/list', { schema: { tags, summary: '文件解读记录', body: pageQuerySchema } }, async (req) =>
    ok(await service.list(requireAuth(req), req.body)),
  );
}
