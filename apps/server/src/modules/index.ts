import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerHealthRoutes } from './health/routes.ts';
import { registerConfigRoutes } from './config/routes.ts';
import { registerSessionRoutes } from './session/routes.ts';

/**
 * Every domain module registers its routes here, in dependency order (a module may use the
 * services that earlier ones put on ctx.services).
 */
export const modules: Array<{ name: string; register(app: FastifyInstance, ctx: AppContext): void | Promise<void> }> = [
  { name: 'health', register: registerHealthRoutes },
  { name: 'config', register: registerConfigRoutes },
  { name: 'session', register: registerSessionRoutes },
];
