import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryResponseSchema,
  diffCreatedSchema,
  diffCreateSchema,
  diffDetailSchema,
  diffIdSchema,
  diffListItemSchema,
  diffListQuerySchema,
  envelopeSchema,
  pageSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { sendDocx } from '../export/routes.ts';

const P = '/api/diff/client';
const tags = ['查重'];

/** 查重 (API.md): create, detail, list, remove and the Word report. */
export function registerDiffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.services.diff;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    `${P}/create`,
    {
      schema: {
        tags,
        summary: '发起查重：2 到 5 份文件（自己的标书 bidIds 与上传的 DOCX/PDF fileIds），后台比对',
        description: 'tenderFileId：招标文件（已上传），与其相同的引用文字不计为雷同；所选标书自带的招标文件也会自动排除。他人的标书或文件：404。',
        body: diffCreateSchema,
        response: { 200: envelopeSchema(diffCreatedSchema) },
      },
    },
    async (req) => ok(await service.create(requireAuth(req), req.body)),
  );

  r.get(
    `${P}/detail`,
    { schema: { tags, summary: '查重详情：进度、每对文件的雷同度、相似段落、相同图片与文档属性', querystring: diffIdSchema, response: { 200: envelopeSchema(diffDetailSchema) } } },
    async (req) => ok(await service.detail(requireAuth(req), req.query.id)),
  );

  r.get(
    `${P}/list`,
    { schema: { tags, summary: '查重记录（新的在前）', querystring: diffListQuerySchema, response: { 200: envelopeSchema(pageSchema(diffListItemSchema)) } } },
    async (req) => ok(await service.list(requireAuth(req), req.query)),
  );

  r.post(
    `${P}/remove`,
    { schema: { tags, summary: '删除一条查重记录（进行中的比对随之停止）', body: diffIdSchema, response: { 200: envelopeSchema(z.null()) } } },
    async (req) => {
      await service.remove(requireAuth(req), req.body.id);
      return ok(null);
    },
  );

  r.post(
    `${P}/export`,
    {
      schema: {
        tags,
        summary: '导出查重报告（直接返回 .docx 文件；失败时返回 JSON）',
        body: diffIdSchema,
        response: { 200: binaryResponseSchema },
      },
    },
    async (req, reply) => sendDocx(reply, await service.export(requireAuth(req), req.body.id)),
  );
}
