import type { ModelTier } from '@bid/shared';
import type { Generated } from '../../ai/types.ts';
import type { ActorScope } from '../../policy/actor.ts';

/**
 * Where a model call's cost is recorded (usage-repo.ts: the ai_usage table); offline results cost
 * nothing and are not recorded. The analysis records through this interface, not through the AI
 * service that itself needs the analysis.
 */
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
