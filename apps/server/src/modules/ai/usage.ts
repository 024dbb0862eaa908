import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ModelTier } from '@bid/shared';
import type { Database } from '../../db/schema.ts';
import type { Generated } from '../../ai/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { ActorScope } from '../../policy/actor.ts';

/** Where a model call's cost is recorded; offline results cost nothing and are not recorded. */
export interface UsageRecorder {
  record(
    owner: ActorScope,
    g: Generated<unknown>,
    tier: ModelTier,
    task: string,
    bidId?: string | null,
    catalogId?: string | null,
  ): Promise<void>;
}

/**
 * The ai_usage table. Both the analysis and the AI calls record through it, which is what lets them
 * be built independently (the analysis no longer needs the AI service that needs the analysis).
 */
export class SqlUsageRecorder implements UsageRecorder {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Logger,
  ) {}

  async record(
    owner: ActorScope,
    g: Generated<unknown>,
    tier: ModelTier,
    task: string,
    bidId: string | null = null,
    catalogId: string | null = null,
  ): Promise<void> {
    if (g.engine === 'offline') return;
    await this.db
      .insertInto('ai_usage')
      .values({
        id: newId(),
        user_id: owner.userId,
        tenant_id: owner.tenantId,
        bid_id: bidId,
        catalog_id: catalogId,
        task,
        engine: g.engine,
        model: g.model,
        tier,
        prompt_tokens: g.promptTokens,
        completion_tokens: g.completionTokens,
        created_at: nowIso(),
      })
      .execute()
      // A lost usage row must never fail the user's call.
      .catch((err) => this.log.warn({ err }, 'usage record failed'));
  }
}
