import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** Word templates: list (disabled too), enable or disable, default, display name and order. */
export function registerAdminTemplateRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { templateConsole } = ctx.services;
  const route = operatorRoutes(scope, tags);
  route(endpoints.adminTemplateList, 'Word 导出模板（含停用的）', () => templateConsole.list());
  route(endpoints.adminTemplateUpdate, '修改模板的显示名称、排序、启用状态', (_, body) =>
    templateConsole.update(body),
  );
  route(endpoints.adminTemplateSetDefault, '设为默认模板', (_, body) => templateConsole.setDefault(body.id));
}
