import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerFileRoutes } from '../file/routes.ts';
import { registerAnalysisRoutes } from '../analysis/routes.ts';
import { registerReviewRoutes } from '../analysis/review-routes.ts';
import { registerAiRoutes } from './routes.ts';

/** The AI modules' routes: tender files (uploads), analysis, and the AI calls with the full-text job. */
export async function registerAiModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { file, interpretations, review, ai } = ctx.services;
  await registerFileRoutes(app, ctx, file);
  registerAnalysisRoutes(app, interpretations);
  registerReviewRoutes(app, review);
  registerAiRoutes(app, ai, ctx.services.jobStreams, { streams: ctx.services.aiSetup.fair.streams });
}
