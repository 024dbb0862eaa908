import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { InterpretationService } from './interpretation.ts';

/** File interpretation (API.md "Tender analysis and file interpretation"). */
export function registerAnalysisRoutes(app: FastifyInstance, service: InterpretationService): void {
  const route = userRoutes(app, ['文件解读']);

  route(
    endpoints.startAnalysis,
    '解析招标文件（fileId 或 text）：立即返回记录编号，解析作为后台任务运行（服务重启后继续），进度见详情',
    (actor, body) => service.start(actor, body),
  );
  route(
    endpoints.interpretationDetail,
    '文件解读详情：状态、进度、解析结果，完成后附被解析的文字（各项的 source 偏移指向它）',
    (actor, q) => service.detail(actor, q.id),
  );
  route(endpoints.interpretationList, '文件解读记录（分页，最新在前）', (actor, q) => service.list(actor, q));
  route(endpoints.interpretationRemove, '删除一条文件解读记录（进行中的解析随之停止）', (actor, body) =>
    service.remove(actor, body.id),
  );
  route.docx(
    endpoints.interpretationExport,
    '导出解读报告（直接返回 .docx 文件；失败时返回 JSON）',
    (actor, body) => service.exportDocx(actor, body.id),
  );
}
