/** Table of migration 1331 (AI providers set in the console). */
export interface AiProviderTable {
  id: string;
  name: string;
  base_url: string;
  /** The API key sealed by SecretBox; never sent to any client nor logged. */
  api_key_sealed: string;
  api_key_last4: string;
  standard_model: string;
  premium_model: string;
  concurrency: number;
  /** 1 for the provider the AI engine uses (at most one). */
  active: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}
