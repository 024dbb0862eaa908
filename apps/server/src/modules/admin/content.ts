import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminContentItemSchema,
  adminContentListQuerySchema,
  adminNoticeItemSchema,
  contentPublishSchema,
  idParamSchema,
  noticePublishSchema,
  savedContentSchema,
  saveContentSchema,
  saveNoticeSchema,
} from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Help, FAQ and news, and the notices (banner and release notes), in the console. */
export function registerAdminContentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { content, noticeAdmin } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route.get(
    '/api/admin/content/list',
    {
      summary: '某类内容的全部条目（含未发布）',
      input: adminContentListQuerySchema,
      data: z.array(adminContentItemSchema),
    },
    (_, q) => content.adminList(q.kind),
  );
  route.post(
    '/api/admin/content/save',
    {
      summary: '新建或修改帮助、常见问题、动态（正文为 Markdown）',
      input: saveContentSchema,
      data: savedContentSchema,
    },
    (_, body) => content.save(body),
  );
  route.action(
    '/api/admin/content/publish',
    { summary: '发布或下线内容', input: contentPublishSchema },
    (_, body) => content.setPublished(body.id, body.published),
  );
  route.action('/api/admin/content/delete', { summary: '删除内容', input: idParamSchema }, (_, body) =>
    content.remove(body.id),
  );

  route.get(
    '/api/admin/notice/list',
    { summary: '公告（横幅与更新说明）', data: z.array(adminNoticeItemSchema) },
    () => noticeAdmin.list(),
  );
  route.post(
    '/api/admin/notice/save',
    { summary: '新建或修改公告', input: saveNoticeSchema, data: adminNoticeItemSchema },
    (_, body) => noticeAdmin.save(body),
  );
  route.action(
    '/api/admin/notice/publish',
    { summary: '上线或下线公告', input: noticePublishSchema },
    (_, body) => noticeAdmin.setPublished(body.id, body.published),
  );
  route.action('/api/admin/notice/delete', { summary: '删除公告', input: idParamSchema }, (_, body) =>
    noticeAdmin.remove(body.id),
  );
}
