import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogItemSchema, auditLogQuerySchema, envelopeSchema, pageSchema } from '@bid/shared';
import type { AppContext } from '../../context.ts';
import { ok } from '../../http/envelope.ts';
import { adminTags as tags } from './tags.ts';

/** The audit log of operators' actions (written by the scope's hook in routes.ts). */
export function registerAdminAuditRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const { audit } = ctx.services;
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/audit/list',
    {
      schema: {
        tags,
        summary: '操作日志（每个成功的运营操作一条）',
        querystring: auditLogQuerySchema,
        response: { 200: envelopeSchema(pageSchema(auditLogItemSchema)) },
      },
    },
    async (req) => ok(await audit.list(req.query)),
  );
}
