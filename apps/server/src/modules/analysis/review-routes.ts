import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { AnalysisReviewService } from './review.ts';

/** The writer's review of the tender analysis before the outline (新建标书, 招标文件解读). */
export function registerReviewRoutes(app: FastifyInstance, service: AnalysisReviewService): void {
  const route = userRoutes(app, ['解析核对']);

  route(
    endpoints.getBidAnalysis,
    '标书的招标文件解析（还没有时先解析）：版本号、解析结果、各包评分项合计与招标文件规定的分值',
    (actor, body) => service.bidAnalysis(actor, body.id),
  );
  route(
    endpoints.updateBidAnalysis,
    '保存写作者核对修改后的解析结果（version 过期时 409）；之后生成大纲按它进行',
    (actor, body) => service.updateBidAnalysis(actor, body),
  );
  route(
    endpoints.getTenderPassage,
    '招标文件原文中 start-end 一段及其前后 context 字（标出该段），用于查看某一项的出处',
    (actor, body) => service.bidPassage(actor, body),
  );
  route(
    endpoints.reparseScoring,
    '只粘贴评分表：只解析粘贴的评分部分，返回其中的评分项、分值构成和提示（不保存）',
    (actor, body) => service.reparseScoring(actor, body),
  );
  route(
    endpoints.interpretationUpdateAnalysis,
    '保存核对修改后的解读结果（version 过期时 409）',
    (actor, body) => service.updateInterpretationAnalysis(actor, body),
  );
  route(
    endpoints.interpretationPassage,
    '解读的招标文件原文中 start-end 一段及其前后 context 字（标出该段）',
    (actor, body) => service.interpretationPassage(actor, body),
  );
}
