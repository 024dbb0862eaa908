import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  businessBidResultSchema,
  businessBidSchema,
  companyFactSchema,
  idParamSchema,
  knowledgeDetailSchema,
  knowledgeHitSchema,
  knowledgeListResultSchema,
  knowledgeListSchema,
  knowledgeSearchSchema,
  listFactsSchema,
  saveDocumentSchema,
  saveFactSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

const created = z.object({ id: z.string() });

/** Knowledge base (knowledge/client/*) and company library (company/client/*) routes. */
export function registerKnowledgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { knowledge, company, businessBid } = ctx.services;
  const K = '/api/knowledge/client';
  const C = '/api/company/client';
  const kr = userRoutes(app, ['知识库']);
  const cr = userRoutes(app, ['企业资料库']);

  kr.post(
    `${K}/saveDocument`,
    {
      summary: '把已上传的文件（uploadTender 的 fileId）加入知识库，按标题切分为段落并建立索引',
      description: 'library=public 仅运营人员可用（其他人 403）。',
      input: saveDocumentSchema,
      data: created,
    },
    (actor, body) => knowledge.saveDocument(actor, body),
  );
  kr.post(
    `${K}/list`,
    {
      summary: '知识库文档列表（可按文件夹、标签筛选），含文件夹与标签统计',
      input: knowledgeListSchema,
      data: knowledgeListResultSchema,
    },
    (actor, body) => knowledge.list(actor, body ?? {}),
  );
  kr.post(
    `${K}/detail`,
    {
      summary: '知识库文档详情（含全部段落）；自己企业的或公共的文档',
      input: idParamSchema,
      data: knowledgeDetailSchema,
    },
    (actor, body) => knowledge.detail(actor, body.id),
  );
  kr.action(
    `${K}/removeDocument`,
    { summary: '删除知识库文档（他人或其他企业的文档：404）', input: idParamSchema },
    (actor, body) => knowledge.removeDocument(actor, body.id),
  );
  kr.post(
    `${K}/search`,
    {
      summary: '检索知识库段落（中文分词 + BM25，配置了向量模型时混合排序），返回高亮位置',
      input: knowledgeSearchSchema,
      data: z.array(knowledgeHitSchema),
    },
    (actor, body) => knowledge.searchFor(actor, body),
  );

  cr.post(
    `${C}/saveFact`,
    {
      summary: '保存企业资料卡片（资质、人员、业绩、财务、其他）；带 id 为修改',
      input: saveFactSchema,
      data: created,
    },
    (actor, body) => company.saveFact(actor, body),
  );
  cr.post(
    `${C}/listFacts`,
    {
      summary: '企业资料卡片列表（资质含到期状态）',
      input: listFactsSchema,
      data: z.array(companyFactSchema),
    },
    (actor, body) => company.listFacts(actor.tenantId, body?.kind),
  );
  cr.action(`${C}/removeFact`, { summary: '删除企业资料卡片', input: idParamSchema }, (actor, body) =>
    company.removeFact(actor, body.id),
  );
  cr.post(
    `${C}/generateBusinessBid`,
    {
      summary:
        '由招标文件与企业资料库生成商务标（投标函、授权书、开标一览表、资格证明文件、业绩与人员表、偏离表）及一致性检查',
      description: 'apply=true 时把生成的文件作为“商务文件”章节加入标书。',
      input: businessBidSchema,
      data: businessBidResultSchema,
    },
    (actor, body) => businessBid.generate(actor, body),
  );
}
