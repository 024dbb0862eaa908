import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

/** 查重 (API.md): create, detail, list, remove and the Word report. */
export function registerDiffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = userRoutes(app, ['查重']);
  const service = ctx.services.diff;

  route(
    endpoints.diffCreate,
    {
      summary: '发起查重：2 到 5 份文件（自己的标书 bidIds 与上传的 DOCX/PDF fileIds），后台比对',
      description:
        'tenderFileId：招标文件（已上传），与其相同的引用文字不计为雷同；所选标书自带的招标文件也会自动排除。他人的标书或文件：404。',
    },
    (actor, body) => service.create(actor, body),
  );
  route(endpoints.diffDetail, '查重详情：进度、每对文件的雷同度、相似段落、相同图片与文档属性', (actor, q) =>
    service.detail(actor, q.id),
  );
  route(endpoints.diffList, '查重记录（新的在前）', (actor, q) => service.list(actor, q));
  route(endpoints.diffRemove, '删除一条查重记录（进行中的比对随之停止）', (actor, body) =>
    service.remove(actor, body.id),
  );
  route.docx(endpoints.diffExport, '导出查重报告（直接返回 .docx 文件；失败时返回 JSON）', (actor, body) =>
    service.export(actor, body.id),
  );
}
