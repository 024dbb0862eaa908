import type { PictureType } from '@bid/shared';

/** Table types of the picture library (migration 0500_pictures). */
export interface PictureTable {
  id: string;
  user_id: string;
  tenant_id: string;
  name: string;
  /** JSON array of strings. */
  tags: string;
  /** Lower-cased name and tags, what keyword search scans. */
  search_text: string;
  type: PictureType;
  size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  /** Path of the original under DATA_DIR/pictures. */
  file_key: string;
  /** Path of the PNG thumbnail, null when the original is shown scaled instead. */
  thumb_key: string | null;
  created_at: string;
  updated_at: string;
}
