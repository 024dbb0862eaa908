import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { inWorkspaceScope } from '../bid/http.ts';
import { publicRoutes, sendDocx, sendFile, userRoutes } from '../../http/route.ts';

const tags = ['Word 导出'];

/**
 * Word export (SPEC 1 and 7): findAllTemplate, exportBid (the file at once), and the background
 * variant exportBidStart / exportBidProgress / exportBidFile.
 */
export async function registerExportModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = ctx.services.export;
  const route = userRoutes(app, tags);
  publicRoutes(app, tags)(
    endpoints.findAllTemplate,
    { summary: 'Word 导出模板列表', config: { auth: 'optional' } },
    () => service.templates(),
  );

  await inWorkspaceScope(app, (scope) => {
    const inBid = userRoutes(scope, tags);
    inBid.send(
      endpoints.exportBid,
      '导出 Word 或 PDF（直接返回文件；volumes 时返回各分册的 zip；失败时返回 JSON）',
      async (actor, body, _req, reply) => {
        const f = await service.exportNow(actor, body);
        return f.type
          ? sendFile(reply, f, f.type, f.type === 'application/pdf' ? 'bid.pdf' : 'bid.zip')
          : sendDocx(reply, f);
      },
    );
    inBid(endpoints.exportBidStart, '后台导出 Word，返回任务编号', (actor, body) =>
      service.start(actor, body),
    );
  });

  route(endpoints.exportCapabilities, '导出能力（服务器是否可生成 PDF）', () => service.capabilities());
  route(endpoints.exportBidProgress, '后台导出进度', (actor, q) => service.progress(actor, q.jobId));
  // Opened by the browser itself (a link or window.location) with the session cookie: no client
  // headers can be added there. A GET that only reads the caller's own file.
  route.send(
    endpoints.exportBidFile,
    { summary: '下载后台导出的 Word 文件（Cookie 认证）', config: { clientCheck: false } },
    async (actor, q, _req, reply) => sendDocx(reply, await service.file(actor, q.jobId)),
  );
}
