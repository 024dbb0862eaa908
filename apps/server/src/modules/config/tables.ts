/** Key/value settings the shell and operators need (loading tips, chapter-setting name, company info). */
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}
