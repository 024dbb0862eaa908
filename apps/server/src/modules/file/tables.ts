import type { TenderFileKind } from '@bid/shared';

/** An uploaded tender: the file on disk (DATA_DIR/uploads) and the text read from it. */
export interface FileTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  kind: TenderFileKind;
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
