import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerConfigRoutes } from './config/routes.ts';
import { registerSessionRoutes } from './session/routes.ts';
import { registerAuthModule } from './auth/routes.ts';
import { registerUserRoutes } from './user/routes.ts';
import { registerEmployeeRoutes } from './employee/routes.ts';
import { registerCommonRoutes } from './common/routes.ts';
import { registerBidWorkspace } from './bid/module.ts';
import { registerAiModule } from './ai/module.ts';
import { registerPictureModule } from './picture/routes.ts';
import { registerElementsModule } from './elements/routes.ts';
import { registerExportModule } from './export/routes.ts';

/**
 * Every domain module registers its routes here, in dependency order (a module may use the
 * services that earlier ones put on ctx.services).
 */
export const modules: Array<{ name: string; register(app: FastifyInstance, ctx: AppContext): void | Promise<void> }> = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'config', register: registerConfigRoutes },
  { name: 'session', register: registerSessionRoutes },
  { name: 'auth', register: registerAuthModule },
  { name: 'user', register: registerUserRoutes },
  { name: 'employee', register: registerEmployeeRoutes },
  { name: 'common', register: registerCommonRoutes },
  { name: 'bid', register: registerBidWorkspace },
  { name: 'ai', register: registerAiModule },
  { name: 'picture', register: registerPictureModule },
  { name: 'elements', register: registerElementsModule },
  { name: 'export', register: registerExportModule },
];
