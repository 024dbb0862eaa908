/** Table types of the AI, analysis and file modules (migration 0300_ai). */

/** An uploaded tender: the file on disk (DATA_DIR/uploads) and the text read from it. */
export interface FileTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  /** pdf | docx | doc | txt */
  kind: string;
  size: number;
  sha256: string;
  /** Relative to DATA_DIR. */
  storage_path: string;
  pages: number | null;
  chars: number;
  text: string;
  /** JSON: [{ level, text }] headings found (DOCX outline levels). */
  headings: string | null;
  created_at: string;
}

/** A file interpretation (文件解读): a tender analysed on its own, outside a bid. */
export interface InterpretationTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  file_id: string | null;
  /** running | done | error */
  status: string;
  error: string | null;
  /** JSON TenderAnalysis. */
  analysis: string | null;
  /** SHA-256 of the analysed text + tier: the same text is not analysed twice. */
  text_hash: string;
  tier: string;
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

/**
 * One chapter of a full-text job: the idempotency record. A chapter whose row is `done` is never
 * written again by that job; the row turns `done` in the same transaction that saves the content.
 */
export type JobChapterStatus = 'pending' | 'writing' | 'done' | 'error' | 'skipped';

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
  tier: string;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: string;
}
