import type { FastifyInstance } from 'fastify';
import {
  analysisVersionSchema,
  bidAnalysisSchema,
  idParamSchema,
  reparseScoringResultSchema,
  reparseScoringSchema,
  tenderPassageQuerySchema,
  tenderPassageSchema,
  updateAnalysisSchema,
} from '@bid/shared';
import { userRoutes } from '../../http/route.ts';
import type { AnalysisReviewService } from './review.ts';

/** The writer's review of the tender analysis before the outline (新建标书, 招标文件解读). */
export function registerReviewRoutes(app: FastifyInstance, service: AnalysisReviewService): void {
  const route = userRoutes(app, ['解析核对']);

  route.post(
    '/api/bid/client/getBidAnalysis',
    {
      summary: '标书的招标文件解析（还没有时先解析）：版本号、解析结果、各包评分项合计与招标文件规定的分值',
      input: idParamSchema,
      data: bidAnalysisSchema,
    },
    (actor, body) => service.bidAnalysis(actor, body.id),
  );
  route.post(
    '/api/bid/client/updateBidAnalysis',
    {
      summary: '保存写作者核对修改后的解析结果（version 过期时 409）；之后生成大纲按它进行',
      input: updateAnalysisSchema,
      data: analysisVersionSchema,
    },
    (actor, body) => service.updateBidAnalysis(actor, body),
  );
  route.post(
    '/api/bid/client/getTenderPassage',
    {
      summary: '招标文件原文中 start-end 一段及其前后 context 字（标出该段），用于查看某一项的出处',
      input: tenderPassageQuerySchema,
      data: tenderPassageSchema,
    },
    (actor, body) => service.bidPassage(actor, body),
  );
  route.post(
    '/api/ai/client/reparseScoring',
    {
      summary: '只粘贴评分表：只解析粘贴的评分部分，返回其中的评分项、分值构成和提示（不保存）',
      input: reparseScoringSchema,
      data: reparseScoringResultSchema,
    },
    (actor, body) => service.reparseScoring(actor, body),
  );
  route.post(
    '/api/ai/fileInterpretationClient/updateAnalysis',
    {
      summary: '保存核对修改后的解读结果（version 过期时 409）',
      input: updateAnalysisSchema,
      data: analysisVersionSchema,
    },
    (actor, body) => service.updateInterpretationAnalysis(actor, body),
  );
  route.post(
    '/api/ai/fileInterpretationClient/passage',
    {
      summary: '解读的招标文件原文中 start-end 一段及其前后 context 字（标出该段）',
      input: tenderPassageQuerySchema,
      data: tenderPassageSchema,
    },
    (actor, body) => service.interpretationPassage(actor, body),
  );
}
