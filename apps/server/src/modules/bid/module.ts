import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerCatalogRoutes } from '../catalog/routes.ts';
import { registerFeedbackRoutes } from '../feedback/routes.ts';
import { registerBidRoutes } from './routes.ts';
import { inWorkspaceScope } from './http.ts';

/** The bid workspace's routes: bids, outline and content, feedback (in the workspace scope). */
export async function registerBidWorkspace(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { bid, catalog, feedback } = ctx.services;
  await inWorkspaceScope(app, (scope) => {
    registerBidRoutes(scope, bid);
    registerCatalogRoutes(scope, catalog);
    registerFeedbackRoutes(scope, feedback);
  });
}
