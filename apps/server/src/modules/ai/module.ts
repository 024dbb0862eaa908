import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config/config.ts';
import { createAi } from '../../ai/index.ts';
import { SqlJobQueue } from '../../jobs/sql-queue.ts';
import type { BidService } from '../bid/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import { FileRepo } from '../file/repo.ts';
import { FileService } from '../file/service.ts';
import { registerFileRoutes } from '../file/routes.ts';
import { InterpretationRepo } from '../analysis/repo.ts';
import { AnalysisService } from '../analysis/service.ts';
import { registerAnalysisRoutes } from '../analysis/routes.ts';
import { fullTextHandler } from './fulltext.ts';
import { AiService, FULLTEXT_JOB } from './service.ts';
import { registerAiRoutes } from './routes.ts';

/** Tuning knobs of the AI path, validated with the rest of the configuration. */
export function aiTuning(config: Config) {
  return {
    /** Lease of a running job; a crashed process's job is resumed once it expires. */
    leaseMs: config.AI_JOB_LEASE_MS,
    pollMs: config.AI_JOB_POLL_MS,
    /** Chapters the full-text job writes at once (default: the tier's AI_*_CONCURRENCY). */
    fulltextConcurrency: config.AI_FULLTEXT_CONCURRENCY,
    retryBackoffMs: config.AI_RETRY_BACKOFF_MS,
    firstTokenTimeoutMs: config.AI_FIRST_TOKEN_TIMEOUT_MS,
    eventPollMs: config.AI_EVENT_POLL_MS,
  };
}

/**
 * The AI modules: tender files (uploads), analysis (file interpretation, bid analysis) and the AI
 * calls with the full-text job. Needs the bid workspace (ctx.services.bid / catalog) registered first.
 * Services for others: ctx.services.file, ctx.services.analysis, ctx.services.ai, ctx.services.jobs.
 */
export async function registerAiModule(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const bids = ctx.services.bid as BidService | undefined;
  const catalog = ctx.services.catalog as CatalogService | undefined;
  if (!bids || !catalog) throw new Error('the AI module needs the bid workspace registered before it');
  const tuning = aiTuning(ctx.config);
  const ai = createAi(ctx.config, {
    ...(tuning.retryBackoffMs ? { backoffMs: tuning.retryBackoffMs } : {}),
    ...(tuning.firstTokenTimeoutMs ? { firstTokenTimeoutMs: tuning.firstTokenTimeoutMs } : {}),
  });
  ctx.services.aiProviderName = ai.providerName;
  // Other AI features (tables, diagrams) use the same client and its per-tier concurrency.
  ctx.services.aiProvider = ai.provider;

  const files = new FileService(new FileRepo(ctx.db), ctx.config.dataDir, ctx.config.UPLOAD_LIMIT);
  await files.cleanTmp().catch(() => {});
  const queue = new SqlJobQueue(ctx.db, { leaseMs: tuning.leaseMs, pollMs: tuning.pollMs, log: ctx.log });
  // The analysis records usage through the AI service, which needs the analysis: tied by a holder.
  const holder: { service?: AiService } = {};
  const analysis = new AnalysisService(new InterpretationRepo(ctx.db), ai.engine, files, bids, ctx.log, (owner, g, tier, task, bidId) =>
    holder.service ? holder.service.recordUsage(owner, g, tier, task, bidId ?? null) : Promise.resolve(),
  );
  await analysis.repo.failStale(new Date(Date.now() - 10 * 60_000).toISOString()).catch(() => {});
  const service = new AiService(ctx.db, ai.engine, bids, catalog, analysis, queue, ctx.log);
  holder.service = service;
  queue.register(FULLTEXT_JOB, fullTextHandler({ db: ctx.db, engine: ai.engine, bids, catalog, analysis, service, log: ctx.log, concurrency: tuning.fulltextConcurrency }));

  ctx.services.file = files;
  ctx.services.analysis = analysis;
  ctx.services.ai = service;
  ctx.services.jobs = queue;

  await registerFileRoutes(app, ctx, files);
  registerAnalysisRoutes(app, analysis);
  registerAiRoutes(app, service, { eventPollMs: tuning.eventPollMs });

  // Workers start once the server is up, and give their jobs back on shutdown.
  app.addHook('onReady', async () => queue.start());
  ctx.onClose(() => queue.stop());
}
