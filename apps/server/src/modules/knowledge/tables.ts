import type { FactKind, KnowledgeLibrary } from '@bid/shared';

/** Table types of the knowledge base and company library (migration 0800_knowledge). */
export interface KnowledgeDocumentTable {
  id: string;
  /** 'public' or the owning tenant's id. */
  scope: string;
  tenant_id: string;
  user_id: string;
  library: KnowledgeLibrary;
  name: string;
  /** File kind of the upload: pdf | docx | doc | txt. */
  kind: string;
  file_id: string | null;
  folder: string | null;
  /** JSON array of strings. */
  tags: string;
  chars: number;
  passages: number;
  created_at: string;
  updated_at: string;
}

export interface KnowledgePassageTable {
  id: string;
  document_id: string;
  scope: string;
  seq: number;
  heading: string | null;
  text: string;
  /** JSON object term -> frequency. */
  terms: string;
  length: number;
  embedding: string | null;
}

export interface KnowledgeScopeTable {
  scope: string;
  revision: number;
  updated_at: string;
}

export interface CompanyFactTable {
  id: string;
  tenant_id: string;
  user_id: string;
  kind: FactKind;
  /** JSON of the kind's data. */
  data: string;
  created_at: string;
  updated_at: string;
}
