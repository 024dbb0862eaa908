import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import { authorizeOperator } from '../../policy/operator.ts';
import { auditMutations } from '../audit/hook.ts';
import { registerAdminAuditRoutes } from './audit.ts';
import { registerAdminCatalogueRoutes } from './catalogue.ts';
import { registerAdminUserRoutes } from './users.ts';
import { registerAdminOrderRoutes } from './orders.ts';
import { registerAdminInvoiceRoutes } from './invoices.ts';
import { registerAdminFeedbackRoutes } from './feedback.ts';
import { registerAdminAiProviderRoutes } from './ai-providers.ts';
import { registerAdminTemplateRoutes } from './templates.ts';
import { registerAdminContentRoutes } from './content.ts';

/**
 * The operators' console under /api/admin. Every route registered in this scope is refused to
 * non-operators (403) in onRequest, before its body is even validated; a new admin route gets the
 * check by being registered here, and every successful non-GET call in it is written to the audit
 * log (audit/hook.ts). Each console area registers its routes from its own file.
 */
export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { operators, audit } = ctx.services;
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      await authorizeOperator(operators, requireAuth(req));
    });
    auditMutations(scope, audit);
    registerAdminOrderRoutes(scope, ctx);
    registerAdminInvoiceRoutes(scope, ctx);
    registerAdminAuditRoutes(scope, ctx);
    registerAdminUserRoutes(scope, ctx);
    registerAdminCatalogueRoutes(scope, ctx);
    registerAdminFeedbackRoutes(scope, ctx);
    registerAdminAiProviderRoutes(scope, ctx);
    registerAdminTemplateRoutes(scope, ctx);
    registerAdminContentRoutes(scope, ctx);
  });
}
