import type { BidStatus, ModelType } from '@bid/shared';

/** Bid workspace (migration 0200): a bid and its owner; quota log; outline; versions; feedback. */
export interface BidTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  tender_text: string | null;
  file_id: string | null;
  model_type: ModelType;
  page_count: number | null;
  template_id: string | null;
  /** The 采购包 / 标段 the bid answers (migration 0700); null: all, or a tender with one. */
  lot: number | null;
  status: BidStatus;
  /** Leaf chapters counted as written (catalog/written.ts) / all leaf chapters, 0..100. */
  progress: number;
  /** The counts behind progress, kept incrementally (migration 0601); leaf_count -1: not counted yet. */
  leaf_count?: number;
  done_leaf_count?: number;
  /** Own words a chapter needs, as a share of its target in percent (migration 1500; default 60). */
  written_share?: number;
  /** JSON of the tender analysis. */
  analysis: string | null;
  /** Raised by every write of `analysis` (migration 0760): the review's optimistic concurrency. */
  analysis_version?: number;
  /** 1 while in the recycle bin. */
  deleted: number;
  deleted_at: string | null;
  finished_at: string | null;
  created_at: string;
  updated_at: string;
}
