import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { operatorRoutes } from '../../http/route.ts';
import { adminTags as tags } from './tags.ts';

/** The audit log of operators' actions (written by the scope's hook in routes.ts). */
export function registerAdminAuditRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { audit } = ctx.services;
  operatorRoutes(scope, tags)(endpoints.adminAuditList, '操作日志（每个成功的运营操作一条）', (_, q) =>
    audit.list(q),
  );
}
