import type { Generated } from 'kysely';
import type { ExportJobStatus } from '@bid/shared';

/** Table types of the Word export (migration 0400_export). */

export interface ExportTemplateTable {
  id: string;
  name: string;
  description: string;
  /** The template as JSON (packages/document templates/schema.ts), validated when read. */
  definition: string;
  sort: number;
  /** 1 for the templates the product ships; their definition follows the code unless an operator changed it. */
  builtin: number;
  /** 1 once an operator edited a built-in template: the code's version no longer replaces it. */
  customized: number;
  /** 0 hides a template from findAllTemplate. */
  enabled: number;
  /** Console (1332): 1 for the template used when none is chosen (exactly one, and enabled). */
  is_default: Generated<number>;
  /** Console (1332): the operator's display name and order, over name and sort. */
  display_name: string | null;
  display_sort: number | null;
  created_at: string;
  updated_at: string;
}

export interface ExportJobTable {
  id: string;
  user_id: string;
  tenant_id: string;
  bid_id: string;
  template_id: string;
  status: ExportJobStatus;
  progress: number;
  stage: string;
  message: string | null;
  file_name: string;
  /** Path of the finished file under DATA_DIR/exports. */
  file_path: string | null;
  size: number | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}
