import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerConfigRoutes } from './config/routes.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerCaptchaRoutes } from './captcha/routes.ts';
import { registerWechatRoutes } from './wechat/routes.ts';
import { registerUserRoutes } from './user/routes.ts';
import { registerEmployeeRoutes } from './employee/routes.ts';
import { registerCommonRoutes } from './common/routes.ts';
import { registerBidWorkspace } from './bid/module.ts';
import { registerChecksRoutes } from './checks/routes.ts';
import { registerFormsRoutes } from './forms/routes.ts';
import { registerAmendmentRoutes } from './amendment/routes.ts';
import { registerAiModule } from './ai/module.ts';
import { registerPictureModule } from './picture/routes.ts';
import { registerElementsModule } from './elements/routes.ts';
import { registerExportModule } from './export/routes.ts';
import { registerDiffRoutes } from './diff/routes.ts';
import { registerKnowledgeRoutes } from './knowledge/routes.ts';
import { registerCommerceRoutes } from './commerce/routes.ts';
import { registerAdminRoutes } from './admin/routes.ts';
import { registerInviteRoutes } from './invite/routes.ts';
import { registerContentRoutes } from './content/routes.ts';
import { registerInvoiceRoutes } from './invoice/routes.ts';

/**
 * The route modules. To add a module:
 *   1. build its service in `buildServices` (apps/server/src/services.ts) and add it to `Services`;
 *   2. write `registerXRoutes(app, ctx)` in modules/x/routes.ts that reads `ctx.services.x` and only
 *      registers routes (each with a zod response schema);
 *   3. add one line below.
 * Order does not matter for services (they are all built before any module registers).
 */
export const modules: Array<{
  name: string;
  register(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}> = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'config', register: registerConfigRoutes },
  { name: 'session', register: registerSessionRoutes },
  { name: 'auth', register: registerAuthRoutes },
  { name: 'captcha', register: registerCaptchaRoutes },
  { name: 'wechat', register: registerWechatRoutes },
  { name: 'user', register: registerUserRoutes },
  { name: 'employee', register: registerEmployeeRoutes },
  { name: 'common', register: registerCommonRoutes },
  { name: 'bid', register: registerBidWorkspace },
  { name: 'checks', register: registerChecksRoutes },
  { name: 'forms', register: registerFormsRoutes },
  { name: 'amendment', register: registerAmendmentRoutes },
  { name: 'ai', register: registerAiModule },
  { name: 'picture', register: registerPictureModule },
  { name: 'elements', register: registerElementsModule },
  { name: 'export', register: registerExportModule },
  { name: 'diff', register: registerDiffRoutes },
  { name: 'knowledge', register: registerKnowledgeRoutes },
  { name: 'commerce', register: registerCommerceRoutes },
  { name: 'invoice', register: registerInvoiceRoutes },
  { name: 'admin', register: registerAdminRoutes },
  { name: 'invite', register: registerInviteRoutes },
  { name: 'content', register: registerContentRoutes },
];
