/** Tables of the site's notices and partners (migration 0100). */

export interface NoticeTable {
  id: string;
  kind: 'head' | 'update';
  title: string;
  content: string;
  link: string | null;
  version: string | null;
  level: 'info' | 'warning' | 'success' | 'error';
  status: number;
  sort: number;
  start_at: string | null;
  end_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserNoticeCloseTable {
  user_id: string;
  notice_id: string;
  closed_at: string;
}

export interface PartnerTable {
  id: string;
  name: string;
  logo_url: string | null;
  link: string | null;
  description: string | null;
  sort: number;
  status: number;
  created_at: string;
  updated_at: string;
}
