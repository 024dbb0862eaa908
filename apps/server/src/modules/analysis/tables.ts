import type { AnalysisStatus, ModelTier } from '@bid/shared';

/** A file interpretation (文件解读): a tender analysed on its own, outside a bid. */
export interface InterpretationTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  file_id: string | null;
  status: AnalysisStatus;
  error: string | null;
  /** JSON TenderAnalysis. */
  analysis: string | null;
  /** SHA-256 of the analysed text + tier: the same text is not analysed twice. */
  text_hash: string;
  tier: ModelTier;
  created_at: string;
  updated_at: string;
  /** The analysed text (item offsets point into it); migration 0750. */
  text: string | null;
  /** 0-100, set by the interpretation job. */
  progress: number;
  /** What the job is doing now; null when not running. */
  stage: string | null;
  job_id: string | null;
  chars: number;
  /** Raised by every edit of `analysis` by the writer (migration 0760). */
  analysis_version?: number;
}
