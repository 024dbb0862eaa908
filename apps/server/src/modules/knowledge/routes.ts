import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessBidResultSchema,
  businessBidSchema,
  companyFactSchema,
  envelopeSchema,
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
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';

const idEnvelope = envelopeSchema(z.object({ id: z.string() }));
const nullEnvelope = envelopeSchema(z.null());

/** Knowledge base (knowledge/client/*) and company library (company/client/*) routes. */
export function registerKnowledgeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { knowledge, company, businessBid } = ctx.services;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const K = '/api/knowledge/client';
  const C = '/api/company/client';
  const kt = ['知识库'];
  const ct = ['企业资料库'];

  r.post(
    `${K}/saveDocument`,
    {
      schema: {
        tags: kt,
        summary: '把已上传的文件（uploadTender 的 fileId）加入知识库，按标题切分为段落并建立索引',
        description: 'library=public 仅运营人员可用（其他人 403）。',
        body: saveDocumentSchema,
        response: { 200: idEnvelope },
      },
    },
    async (req) => ok(await knowledge.saveDocument(requireAuth(req), req.body)),
  );

  r.post(
    `${K}/list`,
    { schema: { tags: kt, summary: '知识库文档列表（可按文件夹、标签筛选），含文件夹与标签统计', body: knowledgeListSchema, response: { 200: envelopeSchema(knowledgeListResultSchema) } } },
    async (req) => ok(await knowledge.list(requireAuth(req), req.body ?? {})),
  );

  r.post(
    `${K}/detail`,
    { schema: { tags: kt, summary: '知识库文档详情（含全部段落）；自己企业的或公共的文档', body: idParamSchema, response: { 200: envelopeSchema(knowledgeDetailSchema) } } },
    async (req) => ok(await knowledge.detail(requireAuth(req), req.body.id)),
  );

  r.post(
    `${K}/removeDocument`,
    { schema: { tags: kt, summary: '删除知识库文档（他人或其他企业的文档：404）', body: idParamSchema, response: { 200: nullEnvelope } } },
    async (req) => ok(await knowledge.removeDocument(requireAuth(req), req.body.id)),
  );

  r.post(
    `${K}/search`,
    {
      schema: {
        tags: kt,
        summary: '检索知识库段落（中文分词 + BM25，配置了向量模型时混合排序），返回高亮位置',
        body: knowledgeSearchSchema,
        response: { 200: envelopeSchema(z.array(knowledgeHitSchema)) },
      },
    },
    async (req) => ok(await knowledge.searchFor(requireAuth(req), req.body)),
  );

  r.post(
    `${C}/saveFact`,
    {
      schema: {
        tags: ct,
        summary: '保存企业资料卡片（资质、人员、业绩、财务、其他）；带 id 为修改',
        body: saveFactSchema,
        response: { 200: idEnvelope },
      },
    },
    async (req) => ok(await company.saveFact(requireAuth(req), req.body)),
  );

  r.post(
    `${C}/listFacts`,
    { schema: { tags: ct, summary: '企业资料卡片列表（资质含到期状态）', body: listFactsSchema, response: { 200: envelopeSchema(z.array(companyFactSchema)) } } },
    async (req) => ok(await company.listFacts(requireAuth(req).tenantId, req.body?.kind)),
  );

  r.post(
    `${C}/removeFact`,
    { schema: { tags: ct, summary: '删除企业资料卡片', body: idParamSchema, response: { 200: nullEnvelope } } },
    async (req) => ok(await company.removeFact(requireAuth(req), req.body.id)),
  );

  r.post(
    `${C}/generateBusinessBid`,
    {
      schema: {
        tags: ct,
        summary: '由招标文件与企业资料库生成商务标（投标函、授权书、开标一览表、资格证明文件、业绩与人员表、偏离表）及一致性检查',
        description: 'apply=true 时把生成的文件作为“商务文件”章节加入标书。',
        body: businessBidSchema,
        response: { 200: envelopeSchema(businessBidResultSchema) },
      },
    },
    async (req) => ok(await businessBid.generate(requireAuth(req), req.body)),
  );
}
