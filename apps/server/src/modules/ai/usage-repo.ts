import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { ModelTier } from '@bid/shared';
import type { Generated } from '../../ai/types.ts';
import { startOfChinaDay, type TokenLedger } from '../../ai/fair-use.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { ActorScope } from '../../policy/actor.ts';
import type { UsageRecorder } from './usage.ts';
import type { Db } from '../../db/db.ts';

/**
 * The ai_usage table: every model call's tokens are recorded here (the analysis and the AI calls
 * alike, which is what lets them be built independently), and fair use reads today's sums from it.
 */
export class AiUsageRepo implements UsageRecorder, TokenLedger {
  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Counts the tokens as they are recorded (metrics). */
    private readonly meter?: (model: string, tier: ModelTier, prompt: number, completion: number) => void,
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
    this.meter?.(g.model ?? 'unknown', tier, g.promptTokens, g.completionTokens);
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

  /** Tokens used today (China's day) by the user and by their company: one indexed range. */
  async usedToday(actor: ActorScope): Promise<{ user: number; company: number }> {
    const row = await this.db
      .selectFrom('ai_usage')
      .select([
        sql<number>`coalesce(sum(case when user_id = ${actor.userId} then prompt_tokens + completion_tokens else 0 end), 0)`.as(
          'user',
        ),
        sql<number>`coalesce(sum(prompt_tokens + completion_tokens), 0)`.as('company'),
      ])
      .where('tenant_id', '=', actor.tenantId)
      .where('created_at', '>=', startOfChinaDay())
      .executeTakeFirst();
    return { user: Number(row?.user ?? 0), company: Number(row?.company ?? 0) };
  }
}
