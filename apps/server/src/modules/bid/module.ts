import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { QuotaService } from '../quota/service.ts';
import { CatalogRepo } from '../catalog/repo.ts';
import { CatalogService } from '../catalog/service.ts';
import { registerCatalogRoutes } from '../catalog/routes.ts';
import { FeedbackService } from '../feedback/service.ts';
import { registerFeedbackRoutes } from '../feedback/routes.ts';
import { BidRepo } from './repo.ts';
import { BidService } from './service.ts';
import { registerBidRoutes } from './routes.ts';
import { inWorkspaceScope } from './http.ts';

/**
 * The bid workspace: quota, bids, outline and content, feedback. Services for other modules:
 * ctx.services.quota (QuotaService), ctx.services.bid (BidService), ctx.services.catalog (CatalogService).
 */
export async function registerBidWorkspace(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const quota = new QuotaService(ctx.db);
  const bids = new BidService(ctx.db, new BidRepo(ctx.db, ctx.dbKind), quota);
  const catalog = new CatalogService(ctx.db, new CatalogRepo(), bids);
  const feedback = new FeedbackService(ctx.db);
  ctx.services.quota = quota;
  ctx.services.bid = bids;
  ctx.services.catalog = catalog;
  ctx.services.feedback = feedback;

  await inWorkspaceScope(app, (scope) => {
    registerBidRoutes(scope, ctx, bids);
    registerCatalogRoutes(scope, catalog);
    registerFeedbackRoutes(scope, feedback);
  });
}
