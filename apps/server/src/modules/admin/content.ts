import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentItemSchema,
  adminContentListQuerySchema,
  adminNoticeItemSchema,
  contentPublishSchema,
  envelopeSchema,
  idParamSchema,
  noticePublishSchema,
  nullSchema,
  savedContentSchema,
  saveContentSchema,
  saveNoticeSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** Help, FAQ and news, and the notices (banner and release notes), in the console. */
export function registerAdminContentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { content, noticeAdmin } = ctx.services;
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/content/list',
    { schema: { tags, summary: '某类内容的全部条目（含未发布）', querystring: adminContentListQuerySchema, response: { 200: envelopeSchema(z.array(adminContentItemSchema)) } } },
    async (req) => ok(await content.adminList(req.query.kind)),
  );
  r.post(
    '/api/admin/content/save',
    { schema: { tags, summary: '新建或修改帮助、常见问题、动态（正文为 Markdown）', body: saveContentSchema, response: { 200: envelopeSchema(savedContentSchema) } } },
    async (req) => ok(await content.save(req.body)),
  );
  r.post('/api/admin/content/publish', { schema: { tags, summary: '发布或下线内容', body: contentPublishSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await content.setPublished(req.body.id, req.body.published);
    return ok(null);
  });
  r.post('/api/admin/content/delete', { schema: { tags, summary: '删除内容', body: idParamSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await content.remove(req.body.id);
    return ok(null);
  });

  r.get('/api/admin/notice/list', { schema: { tags, summary: '公告（横幅与更新说明）', response: { 200: envelopeSchema(z.array(adminNoticeItemSchema)) } } }, async () =>
    ok(await noticeAdmin.list()),
  );
  r.post('/api/admin/notice/save', { schema: { tags, summary: '新建或修改公告', body: saveNoticeSchema, response: { 200: envelopeSchema(adminNoticeItemSchema) } } }, async (req) =>
    ok(await noticeAdmin.save(req.body)),
  );
  r.post('/api/admin/notice/publish', { schema: { tags, summary: '上线或下线公告', body: noticePublishSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await noticeAdmin.setPublished(req.body.id, req.body.published);
    return ok(null);
  });
  r.post('/api/admin/notice/delete', { schema: { tags, summary: '删除公告', body: idParamSchema, response: { 200: envelopeSchema(nullSchema) } } }, async (req) => {
    await noticeAdmin.remove(req.body.id);
    return ok(null);
  });
}
