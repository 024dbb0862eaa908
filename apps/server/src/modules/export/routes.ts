import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  binaryResponseSchema,
  envelopeSchema,
  exportBidSchema,
  exportJobProgressSchema,
  exportJobQuerySchema,
  exportJobStartedSchema,
  exportTemplateListSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { inWorkspaceScope } from '../bid/http.ts';
import { sendDocx, userRoutes } from '../../http/route.ts';

const tags = ['Word 导出'];

/**
 * Word export (SPEC 1 and 7): findAllTemplate, exportBid (the file at once), and the background
 * variant exportBidStart / exportBidProgress / exportBidFile.
 */
export async function registerExportModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = ctx.services.export;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = userRoutes(app, tags);
  r.get(
    '/api/bid/templateConfig/findAllTemplate',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Word 导出模板列表',
        response: { 200: envelopeSchema(exportTemplateListSchema) },
      },
    },
    async () => ok(await service.templates()),
  );

  await inWorkspaceScope(app, (scope) => {
    const inBid = userRoutes(scope, tags);
    inBid.docx(
      '/api/bid/client/exportBid',
      { summary: '导出 Word（直接返回 .docx 文件；失败时返回 JSON）', input: exportBidSchema },
      (actor, body) => service.exportNow(actor, body),
    );
    inBid.post(
      '/api/bid/client/exportBidStart',
      { summary: '后台导出 Word，返回任务编号', input: exportBidSchema, data: exportJobStartedSchema },
      (actor, body) => service.start(actor, body),
    );
  });

  route.get(
    '/api/bid/client/exportBidProgress',
    { summary: '后台导出进度', input: exportJobQuerySchema, data: exportJobProgressSchema },
    (actor, q) => service.progress(actor, q.jobId),
  );
  // Opened by the browser itself (a link or window.location) with the session cookie: no client
  // headers can be added there. A GET that only reads the caller's own file.
  r.get(
    '/api/bid/client/exportBidFile',
    {
      config: { clientCheck: false },
      schema: {
        tags,
        summary: '下载后台导出的 Word 文件（Cookie 认证）',
        querystring: exportJobQuerySchema,
        response: { 200: binaryResponseSchema },
      },
    },
    async (req, reply) => sendDocx(reply, await service.file(requireAuth(req), req.query.jobId)),
  );
}
