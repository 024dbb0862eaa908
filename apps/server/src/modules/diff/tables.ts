import type { DiffStatus } from '@bid/shared';

/** Table types of 查重 (migration 0900_diff). */

export interface DiffTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  status: DiffStatus;
  progress: number;
  stage: string;
  error: string | null;
  score: number;
  /** JSON DiffInputs. */
  inputs: string;
  /** JSON DiffResult once done. */
  result: string | null;
  created_at: string;
  updated_at: string;
}
