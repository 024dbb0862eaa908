import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { userRoutes } from '../../http/route.ts';

/** Knowledge base (knowledge/client/*) and company library (company/client/*) routes. */
export function registerKnowledgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { knowledge, company, businessBid } = ctx.services;
  const kr = userRoutes(app, ['知识库']);
  const cr = userRoutes(app, ['企业资料库']);

  kr(
    endpoints.knowledgeSaveDocument,
    {
      summary: '把已上传的文件（uploadTender 的 fileId）加入知识库，按标题切分为段落并建立索引',
      description: 'library=public 仅运营人员可用（其他人 403）。',
    },
    (actor, body) => knowledge.saveDocument(actor, body),
  );
  kr(endpoints.knowledgeList, '知识库文档列表（可按文件夹、标签筛选），含文件夹与标签统计', (actor, body) =>
    knowledge.list(actor, body ?? {}),
  );
  kr(endpoints.knowledgeDetail, '知识库文档详情（含全部段落）；自己企业的或公共的文档', (actor, body) =>
    knowledge.detail(actor, body.id),
  );
  kr(endpoints.knowledgeRemoveDocument, '删除知识库文档（他人或其他企业的文档：404）', (actor, body) =>
    knowledge.removeDocument(actor, body.id),
  );
  kr(
    endpoints.knowledgeSearch,
    '检索知识库段落（中文分词 + BM25，配置了向量模型时混合排序），返回高亮位置',
    (actor, body) => knowledge.searchFor(actor, body),
  );

  cr(
    endpoints.companySaveFact,
    '保存企业资料卡片（资质、人员、业绩、财务、其他）；带 id 为修改',
    (actor, body) => company.saveFact(actor, body),
  );
  cr(endpoints.companyListFacts, '企业资料卡片列表（资质含到期状态）', (actor, body) =>
    company.listFacts(actor.tenantId, body?.kind),
  );
  cr(endpoints.companyRemoveFact, '删除企业资料卡片', (actor, body) => company.removeFact(actor, body.id));
  cr(
    endpoints.generateBusinessBid,
    {
      summary:
        '由招标文件与企业资料库生成商务标（投标函、授权书、开标一览表、资格证明文件、业绩与人员表、偏离表）及一致性检查',
      description: 'apply=true 时把生成的文件作为“商务文件”章节加入标书。',
    },
    (actor, body) => businessBid.generate(actor, body),
  );
}
