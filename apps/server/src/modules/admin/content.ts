import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Help, FAQ and news, and the notices (banner and release notes), in the console. */
export function registerAdminContentRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { content, noticeAdmin } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminContentList, '某类内容的全部条目（含未发布）', (_, q) => content.adminList(q.kind));
  route(endpoints.adminContentSave, '新建或修改帮助、常见问题、动态（正文为 Markdown）', (_, body) =>
    content.save(body),
  );
  route(endpoints.adminContentPublish, '发布或下线内容', (_, body) =>
    content.setPublished(body.id, body.published),
  );
  route(endpoints.adminContentDelete, '删除内容', (_, body) => content.remove(body.id));

  route(endpoints.adminNoticeList, '公告（横幅与更新说明）', () => noticeAdmin.list());
  route(endpoints.adminNoticeSave, '新建或修改公告', (_, body) => noticeAdmin.save(body));
  route(endpoints.adminNoticePublish, '上线或下线公告', (_, body) =>
    noticeAdmin.setPublished(body.id, body.published),
  );
  route(endpoints.adminNoticeDelete, '删除公告', (_, body) => noticeAdmin.remove(body.id));
}
