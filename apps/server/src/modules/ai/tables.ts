import type { JOB_CHAPTER_STATUSES, ModelTier } from '@bid/shared';

/** Tables of the AI module (migration 0300_ai): full-text jobs' chapters and token usage. */

/**
 * One chapter of a full-text job: the idempotency record. A chapter whose row is `done` is never
 * written again by that job; the row turns `done` in the same transaction that saves the content.
 */
export type JobChapterStatus = (typeof JOB_CHAPTER_STATUSES)[number];

export interface AiJobChapterTable {
  job_id: string;
  catalog_id: string;
  bid_id: string;
  status: JobChapterStatus;
  engine: string | null;
  version_id: string | null;
  error: string | null;
  attempts: number;
  sort: number;
  updated_at: string;
}

/** Token usage per model call (operators' accounting; never charged to the bid quota). */
export interface AiUsageTable {
  id: string;
  user_id: string;
  tenant_id: string;
  bid_id: string | null;
  catalog_id: string | null;
  task: string;
  engine: string;
  model: string | null;
  tier: ModelTier;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: string;
}
